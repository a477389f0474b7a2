/**
 * The one way the SPA talks to the API (spec §7): JSON in and out, the access token from session storage as a
 * bearer token, cookies always sent, and on a 401 one refresh-and-retry before the user is signed out (spec §4).
 *
 * The client knows nothing of sessions: the auth feature registers how to refresh and what signing out means
 * with `setSessionHooks` (lib/session-token.ts), so imports keep flowing lib → features.
 */
import {
  apiPath,
  routes,
  type AnswerOf,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
  type RouteDefinition,
  type RouteName,
} from '@club/shared/routes';
import { endSession, isSignedOutByHand, readToken, refreshOnce, sessionCall } from './session-token';

/** An answer other than 2xx, with the API's `{ message, errors }` body when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; errors?: Array<{ field?: string; msg: string }> } | null,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }

  /** The server's own message, when it gave one. */
  get serverMessage(): string | undefined {
    return typeof this.body?.message === 'string' && this.body.message ? this.body.message : undefined;
  }
}

/** The server's message for a refused request, else the screen's fallback (spec §8 "the server's message, else …"). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/** A request whose 404 is an answer ("none"), not a failure: resolves to null then, and throws otherwise. */
export async function nullWhenNotFound<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * False for calls where a 401 is an answer, not an expired session (login, refresh itself, logout):
   * they are neither refreshed nor do they sign the user out.
   */
  session?: boolean;
  /** The answer's expected type; JSON unless a call downloads a file. */
  accept?: string;
  /** A file sent as it is (issue 46: the bank's CSV), with its type, instead of a JSON body. */
  file?: { text: string; contentType: string };
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  const token = readToken();
  const call = token ? sessionCall() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file) headers['Content-Type'] = options.file.contentType;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: options.file
        ? options.file.text
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: call?.signal,
    });
  } catch (error) {
    if (call?.signal.aborted) return new Response(null, { status: 401 });
    throw error;
  } finally {
    call?.done();
  }
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Sends a request; on a 401 refreshes once and retries, and signs the user out when that fails (spec §4). */
async function sendInSession(path: string, options: RequestOptions): Promise<Response> {
  if (options.session === false) return send(path, options);
  // Signed out in this page (by hand a moment ago, say, while a section was still loading): a call that needs a
  // session is refused here. Sent, it would only be refused, and its refresh could renew the session being ended.
  const signedOut = isSignedOutByHand;
  if (signedOut()) return new Response(null, { status: 401 });
  let res = await send(path, options);
  if (res.status === 401 && !signedOut()) {
    const token = await refreshOnce();
    // Signed out by hand while the session was being renewed: nothing is sent again, and the sign-out has done
    // the rest (a by-hand sign-out is not a lost session).
    if (signedOut()) return new Response(null, { status: 401 });
    if (token) res = await send(path, options);
    if (!token || res.status === 401) endSession();
  }
  return res;
}

/** Sends a request and returns the parsed JSON answer; throws `ApiError` for any non-2xx answer. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await sendInSession(path, options);
  const body = await readBody(res);
  if (!res.ok) throw new ApiError(res.status, (body as ApiError['body']) ?? null);
  return body as T;
}

/** A file the API answered with, and the name its Content-Disposition gave it (null when none). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoded name falls through to the plain one.
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/**
 * GETs a file (a CSV export) with the same bearer token and 401 handling as every other call; a plain link
 * could not carry the token. Throws `ApiError` for any non-2xx answer.
 */
export async function apiDownload(path: string, accept: string): Promise<DownloadedFile> {
  const res = await sendInSession(path, { accept });
  if (!res.ok) throw new ApiError(res.status, ((await readBody(res)) as ApiError['body']) ?? null);
  return { blob: await res.blob(), filename: filenameOf(res.headers.get('content-disposition')) };
}

type Part<K extends string, V> = [V] extends [undefined]
  ? { readonly [P in K]?: never }
  : { readonly [P in K]: V };

/** What a call of route `N` sends: its path params, query and body, each typed from the route's row. */
export type CallInput<N extends RouteName> = Part<'params', ParamsOf<N>> &
  Part<'query', QueryOf<N>> &
  Part<'body', BodyOf<N>>;

type CallArgs<N extends RouteName> =
  object extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

function requestOf(name: RouteName, input: { params?: unknown; query?: unknown } | undefined): string {
  const path = apiPath(name, input?.params as Record<string, string> | undefined);
  const query = input?.query ? new URLSearchParams(input.query as Record<string, string>).toString() : '';
  return query ? `${path}?${query}` : path;
}

/**
 * Calls route `name` of the shared route table: its method and path from the row, the params, query and body
 * typed from the row's schemas, the answer typed from the row. A public route's 401 is an answer, not an
 * expired session: it is neither refreshed nor does it sign anyone out.
 */
export function callApi<N extends RouteName>(name: N, ...[input]: CallArgs<N>): Promise<AnswerOf<N>> {
  const route: RouteDefinition = routes[name];
  return apiRequest<AnswerOf<N>>(requestOf(name, input), {
    method: route.method,
    body: input?.body,
    session: route.access !== 'public',
  });
}

/** Sends a CSV file to a route whose row reads a CSV body (`csvBody`), e.g. the bank's e-Transfer export. */
export function uploadCsvApi<N extends RouteName>(name: N, csv: string): Promise<AnswerOf<N>> {
  const route: RouteDefinition = routes[name];
  return apiRequest<AnswerOf<N>>(apiPath(name), {
    method: route.method,
    file: { text: csv, contentType: 'text/csv; charset=utf-8' },
    session: true,
  });
}

/** Downloads the file a route answers with (its row's answer is a FileAnswer), e.g. the CSV export. */
export function downloadApi<N extends RouteName>(
  name: N,
  accept: string,
  ...[input]: CallArgs<N>
): Promise<DownloadedFile> {
  return apiDownload(requestOf(name, input), accept);
}
