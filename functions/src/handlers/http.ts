/**
 * The one handler wrapper, so handlers stay thin (no status codes, no try/catch of their own) and every
 * endpoint checks access and input the same way. For a route of the shared route table it:
 * 0. refuses a request that did not come through CloudFront (x-origin-verify), when the stage has CloudFront;
 * 1. checks access at the route's level before anything else (authorize.ts: token, admin flag re-read, a
 *    helper's grant, origin for cookies);
 * 2. parses and validates body, query and path parameters with the schemas the route's row names;
 * 3. runs the handler (typed from the row: what it receives, and the answer it must give) and maps its
 *    reply or typed error to an API Gateway v2 answer with a `{message}` body;
 * 4. logs and reports unexpected errors, answering a generic 500 that leaks nothing.
 * Handlers therefore hold no status codes and no try/catch of their own.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import * as v from 'valibot';
import {
  etransferMessages,
  MAX_REQUEST_BODY_BYTES,
  routes,
  type AccessTokenClaims,
  type AnswerOf,
  type ErrorBody,
  type FileAnswer,
  type RouteDefinition,
  type RouteName,
  type SchemaName,
  type ValidBodyOf,
  type ValidParamsOf,
  type ValidQueryOf,
} from '@club/shared';
import * as schemas from '@club/shared/all-schemas';
import { BadRequestError, HttpError, PayloadTooLargeError } from '../lib/errors';
import { log } from '../lib/log';
import { reportError } from '../lib/sentry';
import type { HelperAccess } from '../services/platform/access';
import { authorize, clientAddress, verifyOrigin } from './authorize';

/** Larger bodies than any form of the product sends are refused before parsing. */
const MAX_BODY_BYTES = MAX_REQUEST_BODY_BYTES;

type Status = 200 | 201 | 202 | 204 | 302;

/** What a handler returns when plain JSON with 200 is not enough; `TBody` is the answer it carries. */
export interface Reply<TBody = unknown> {
  readonly __reply: true;
  readonly status: Status;
  readonly body?: TBody;
  readonly location?: string;
  readonly cookies?: string[];
  /** A download instead of JSON: the body is sent as it is, with this type and file name. */
  readonly file?: { readonly contentType: string; readonly filename: string; readonly base64?: boolean };
}

export const reply = {
  ok: <TBody>(body: TBody, options: { cookies?: string[] } = {}): Reply<TBody> => ({
    __reply: true,
    status: 200,
    body,
    ...options,
  }),
  created: <TBody>(body: TBody): Reply<TBody> => ({ __reply: true, status: 201, body }),
  /** Taken, and finished a moment later (a registration whose number follows, issue 43). */
  accepted: <TBody>(body: TBody): Reply<TBody> => ({ __reply: true, status: 202, body }),
  noContent: (options: { cookies?: string[] } = {}): Reply<null> => ({
    __reply: true,
    status: 204,
    ...options,
  }),
  /** A browser redirect (e-mail links). */
  redirect: (location: string): Reply<never> => ({ __reply: true, status: 302, location }),
  /** A file to download (e.g. a CSV export): `body` as it is, not JSON. */
  file: (body: string, file: { contentType: string; filename: string }): Reply<FileAnswer> => ({
    __reply: true,
    status: 200,
    body,
    file,
  }),
  /** A binary file (a PDF): sent base64-encoded, as API Gateway's binary responses are (issue 36). */
  binary: (body: Uint8Array, file: { contentType: string; filename: string }): Reply<FileAnswer> => ({
    __reply: true,
    status: 200,
    body: Buffer.from(body).toString('base64'),
    file: { ...file, base64: true },
  }),
};

type RouteAccess<N extends RouteName> = (typeof routes)[N]['access'];
type SignedInAccess = 'user' | 'player' | 'admin' | 'check-in' | 'evaluator' | 'coach';
type UserFor<N extends RouteName> = RouteAccess<N> extends SignedInAccess ? AccessTokenClaims : null;
type HelperFor<N extends RouteName> =
  RouteAccess<N> extends 'check-in' | 'evaluator' | 'coach' ? HelperAccess : null;

export interface Request<N extends RouteName> {
  readonly route: N;
  readonly body: ValidBodyOf<N>;
  readonly query: ValidQueryOf<N>;
  readonly params: ValidParamsOf<N>;
  /** The signed-in user: always present on `user`, `player`, `admin` and helper routes. */
  readonly user: UserFor<N>;
  /** The helper's grant on `check-in`, `evaluator` (issue 37) and `coach` (issue 45) routes. */
  readonly helper: HelperFor<N>;
  readonly cookies: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The raw body, for signature checks. */
  readonly rawBody: string;
  /** The caller's address, for rate limits (see clientAddress). */
  readonly sourceIp: string;
}

type AnySchema = v.GenericSchema;

export type LambdaHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/** The schema a row names (schemas.ts exports it under that name). */
function schemaNamed(name: SchemaName | undefined): AnySchema | undefined {
  return name === undefined ? undefined : (schemas[name] as AnySchema);
}

/**
 * The Lambda handler of route `name`: its params, query and body validated with the schemas the row names,
 * and its answer typed by the row (`answer<…>()`), plain or wrapped in a `reply`.
 */
export function defineHandler<N extends RouteName>(
  name: N,
  run: (req: Request<N>) => Promise<AnswerOf<N> | Reply<AnswerOf<N>>>,
): LambdaHandler {
  const route: RouteDefinition = routes[name];
  const body = schemaNamed(route.body);
  const query = schemaNamed(route.query);
  const params = schemaNamed(route.params);
  return async (event) => {
    try {
      const originVerified = await verifyOrigin(event);
      const { user, helper, sessionCheck } = await authorize(route, event);
      // A route that only reads runs beside its session check and answers only once the check passed (a
      // refused answer is never sent); any other route runs after it, so nothing is changed for a dead one.
      const sideBySide = readsOnly(route);
      if (!sideBySide) await sessionCheck;
      const rawBody = readRawBody(event, route);
      const req: Request<N> = {
        route: name,
        user: user as UserFor<N>,
        helper: helper as HelperFor<N>,
        body: parse(body, body ? parseJson(rawBody) : undefined) as ValidBodyOf<N>,
        query: parse(query, event.queryStringParameters ?? {}) as ValidQueryOf<N>,
        params: parse(params, event.pathParameters ?? {}) as ValidParamsOf<N>,
        cookies: parseCookies(event.cookies),
        headers: event.headers ?? {},
        rawBody,
        sourceIp: clientAddress(event, originVerified),
      };
      if (!sideBySide) return toResult(await run(req));
      const answer = run(req);
      // The check may fail first: the answer is then dropped, and so is any error it ends with.
      answer.catch(() => undefined);
      await sessionCheck;
      return toResult(await answer);
    } catch (error) {
      if (error instanceof HttpError) {
        const body: ErrorBody = { message: error.message };
        if (error.errors) body.errors = error.errors;
        return json(error.status, body);
      }
      log.error('unexpected error', { route: name, error: error instanceof Error ? error.name : 'unknown' });
      await reportError(error, name);
      return json(500, { message: 'Something went wrong. Please try again.' });
    }
  };
}

/** Whether a route changes nothing anywhere: it reads the table and sends no mail, payment or message. */
function readsOnly(route: RouteDefinition): boolean {
  return route.table === 'read' && !route.mail && !route.payments && !route.queue;
}

function readRawBody(event: APIGatewayProxyEventV2, route: RouteDefinition): string {
  if (!event.body) return '';
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) {
    // A bank file (issue 46) says what to do about it: export a shorter range.
    throw new PayloadTooLargeError(route.csvBody ? etransferMessages.fileTooLarge : 'Request is too large.');
  }
  if (route.csvBody && !/^text\/csv\b/i.test(headerOf(event, 'content-type') ?? '')) {
    throw new BadRequestError(etransferMessages.fileType);
  }
  return raw;
}

/** A request header, whatever its case (API Gateway lower-cases them; a local call may not). */
function headerOf(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const found = Object.entries(event.headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}

function parseJson(raw: string): unknown {
  if (raw === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequestError('Invalid request body.');
  }
}

function parse(schema: AnySchema | undefined, input: unknown): unknown {
  if (!schema) return undefined;
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const errors = result.issues.map((issue) => {
    const field = v.getDotPath(issue);
    return field ? { field, msg: issue.message } : { msg: issue.message };
  });
  throw new BadRequestError(errors[0]?.msg ?? 'Invalid request.', errors);
}

function parseCookies(cookies: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const cookie of cookies ?? []) {
    for (const part of cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0) {
        const key = part.slice(0, eq).trim();
        try {
          out[key] = decodeURIComponent(part.slice(eq + 1).trim());
        } catch {
          // A malformed cookie is ignored, like a browser would.
        }
      }
    }
  }
  return out;
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && '__reply' in value;
}

function toResult(value: unknown): APIGatewayProxyStructuredResultV2 {
  if (!isReply(value)) return json(200, value ?? {});
  if (value.status === 302) {
    return { statusCode: 302, headers: { location: value.location ?? '/', 'cache-control': 'no-store' } };
  }
  if (value.file) {
    // The name is ASCII-only (quotes and controls dropped) so the header cannot be broken out of.
    const filename = value.file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return {
      statusCode: value.status,
      headers: {
        'content-type': value.file.contentType,
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
      body: String(value.body ?? ''),
      ...(value.file.base64 ? { isBase64Encoded: true } : {}),
    };
  }
  const result =
    value.status === 204
      ? { statusCode: 204, headers: { 'cache-control': 'no-store' } }
      : json(value.status, value.body ?? {});
  return value.cookies?.length ? { ...result, cookies: value.cookies } : result;
}

function json(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}
