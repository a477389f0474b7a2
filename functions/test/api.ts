/**
 * Calls an endpoint the way API Gateway would: the route table's row, a real v2 event, the real handler.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiPath, routes, type RouteName } from '@club/shared';
import { toApiGatewayEvent } from '../src/dev/api-gateway-event';
import { loadHandler } from '../src/dev/load-handler';
import { deliverQueuedFamilyMail } from './family-mail';

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as the bearer token. */
  token?: string;
  cookies?: string[];
  headers?: Record<string, string>;
  sourceIp?: string;
}

export interface CallResult {
  /** The route called, for a setup check's message. */
  route: RouteName;
  status: number;
  /** The JSON answer ({} for another type: see `text`). */
  body: Record<string, unknown> & { message?: string };
  /** The answer as sent (e.g. a CSV download). */
  text: string;
  headers: Record<string, unknown>;
  cookies: string[];
}

export async function call(name: RouteName, options: CallOptions = {}): Promise<CallResult> {
  const route = routes[name];
  const path = apiPath(name, options.params);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookies?.length) headers.cookie = options.cookies.join('; ');
  const event = toApiGatewayEvent(
    {
      method: route.method,
      path,
      query: new URLSearchParams(options.query),
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body),
      sourceIp: options.sourceIp,
    },
    route,
    options.params ?? {},
  );
  const handler = await loadHandler(route);
  const result = (await handler(event)) as APIGatewayProxyStructuredResultV2;
  // A call that completes registrations queues their confirmation: the worker sends it before the test reads.
  if ('queue' in route && route.queue === 'familyMail') await deliverQueuedFamilyMail();
  const json = String(result.headers?.['content-type'] ?? '').startsWith('application/json');
  return {
    route: name,
    status: result.statusCode ?? 200,
    body: result.body && json ? (JSON.parse(result.body) as CallResult['body']) : {},
    text: result.body ?? '',
    headers: result.headers ?? {},
    cookies: result.cookies ?? [],
  };
}
