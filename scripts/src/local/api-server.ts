/**
 * The local API: an HTTP server that routes requests by the shared route table to the real handlers,
 * passing them the API Gateway v2 events AWS would. Nothing here knows a particular endpoint.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  MalformedPathError,
  matchRoute,
  pathExists,
  toApiGatewayEvent,
} from '@club/functions/dev/api-gateway-event';
import { loadHandler } from '@club/functions/dev/load-handler';

/**
 * Each route's handler, loaded once, as a warm Lambda keeps its module: a dynamic import per request costs
 * a quarter of a millisecond under tsx's loader (measured), which under load is latency every request waits.
 */
const handlers = new Map<string, ReturnType<typeof loadHandler>>();
function handlerOf(route: Parameters<typeof loadHandler>[0]): ReturnType<typeof loadHandler> {
  let handler = handlers.get(route.handler);
  if (!handler) {
    handler = loadHandler(route);
    // A module that failed to load is tried again on the next request.
    handler.catch(() => handlers.delete(route.handler));
    handlers.set(route.handler, handler);
  }
  return handler;
}

/** API Gateway's payload limit; larger bodies are refused before reaching a handler. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  // A request without a body (every GET) is answered without waiting a turn for its stream to end.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
    return Promise.resolve('');
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Writes an answer with its Content-Length, as API Gateway does: without it Node sends the body in chunked
 * framing, several writes to the socket per answer instead of one.
 */
function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: string | Buffer,
): void {
  const bodyless = status === 204 || status === 304;
  res.writeHead(
    status,
    bodyless ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
  );
  res.end(bodyless ? undefined : body);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(
    res,
    status,
    { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    JSON.stringify(body),
  );
}

/**
 * Handles one /api/... request, and never rejects: the servers call it without awaiting, so whatever a
 * request does answers that request (a 500 at worst) and cannot stop the stack (issue 42).
 */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await answerApiRequest(req, res);
  } catch (error) {
    console.error(`[api] ${req.method ?? 'GET'} request crashed:`, error);
    if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error' });
    else res.destroy();
  }
}

function matchOf(method: string, path: string): ReturnType<typeof matchRoute> | 'malformed' {
  try {
    return matchRoute(method, path);
  } catch (error) {
    if (error instanceof MalformedPathError) return 'malformed';
    throw error;
  }
}

async function answerApiRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const method = (req.method ?? 'GET').toUpperCase();
  const match = matchOf(method, url.pathname);
  if (match === 'malformed') {
    // API Gateway refuses a path it cannot decode before any handler runs.
    sendJson(res, 400, { message: 'Bad Request' });
    return;
  }
  if (!match) {
    // API Gateway answers unknown routes with 404 {message:"Not Found"}.
    sendJson(res, pathExists(url.pathname) ? 405 : 404, {
      message: pathExists(url.pathname) ? 'Method Not Allowed' : 'Not Found',
    });
    return;
  }
  let body: string;
  try {
    body = await readBody(req);
  } catch {
    sendJson(res, 413, { message: 'Request Entity Too Large' });
    return;
  }
  const headers: Record<string, string> = {};
  for (const [k, val] of Object.entries(req.headers)) if (typeof val === 'string') headers[k] = val;
  const event = toApiGatewayEvent(
    {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
    },
    match.route,
    match.params,
  );
  try {
    const handler = await handlerOf(match.route);
    const result = await handler(event);
    const outHeaders: Record<string, string | string[]> = {};
    for (const [k, val] of Object.entries(result.headers ?? {})) outHeaders[k] = String(val);
    if (result.cookies?.length) outHeaders['set-cookie'] = result.cookies;
    // A binary answer (a PDF) is base64 in the result; API Gateway sends its bytes, and so does this server.
    const body = result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? '');
    send(res, result.statusCode ?? 200, outHeaders, body);
  } catch (error) {
    // A handler that throws past its wrapper is a bug: API Gateway would answer 500 too.
    console.error(`[api] ${method} ${url.pathname} crashed:`, error);
    sendJson(res, 500, { message: 'Internal Server Error' });
  }
}
