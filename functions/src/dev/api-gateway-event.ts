/**
 * Builds the API Gateway HTTP API (payload v2) event that API Gateway would send for a request, so the
 * local API server and the tests invoke handlers exactly as AWS does.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_PREFIX, routeList, type RouteDefinition, type RouteName } from '@club/shared';

export interface IncomingRequest {
  method: string;
  /** The path as the browser sent it, with the /api prefix and without the query. */
  path: string;
  query?: URLSearchParams;
  headers?: Record<string, string | undefined>;
  body?: string;
  sourceIp?: string;
}

type TableRow = RouteDefinition & { name: string };

export interface RouteMatch<R extends TableRow> {
  name: R['name'];
  route: R;
  params: Record<string, string>;
}

const PARAM_SEGMENT = /^\{(\w+)\}$/;

/** A row made ready to match: its path split once, and whether it has a `{param}` segment. */
interface CompiledRow<R extends TableRow> {
  route: R;
  method: string;
  segments: string[];
  /** '0' per fixed segment and '1' per `{param}`: of two rows that match, the smaller is more specific. */
  specificity: string;
}

interface CompiledTable<R extends TableRow> {
  /** Rows without a `{param}`, by "METHOD /api/path": such a row, when it matches, is the most specific. */
  fixed: Map<string, CompiledRow<R>>;
  withParams: Array<CompiledRow<R>>;
}

/**
 * Each table compiled once (the local API server matches every request against the same table, so
 * splitting every row's path per request was work each request waited for under load).
 */
const compiledTables = new WeakMap<readonly TableRow[], CompiledTable<TableRow>>();

function compile<R extends TableRow>(table: readonly R[]): CompiledTable<R> {
  const known = compiledTables.get(table) as CompiledTable<R> | undefined;
  if (known) return known;
  const compiled: CompiledTable<R> = { fixed: new Map(), withParams: [] };
  for (const route of table) {
    const segments = (API_PREFIX + route.path).split('/');
    const specificity = segments.map((segment) => (PARAM_SEGMENT.test(segment) ? '1' : '0')).join('');
    const row = { route, method: route.method, segments, specificity };
    if (specificity.includes('1')) compiled.withParams.push(row);
    else compiled.fixed.set(`${route.method} ${segments.join('/')}`, row);
  }
  compiledTables.set(table, compiled as CompiledTable<TableRow>);
  return compiled;
}

/**
 * A path whose parameter holds a malformed escape (`%E0%A4%A`): API Gateway answers it 400 before any handler
 * runs, so the local server does too (issue 42: one such request used to stop the whole local stack).
 */
export class MalformedPathError extends Error {
  constructor() {
    super('A path parameter holds a malformed escape');
    this.name = 'MalformedPathError';
  }
}

function decodedParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new MalformedPathError();
  }
}

/**
 * The request's path parameters when it matches the row's path segment by segment, else null. A matching
 * path with a malformed escape in a parameter throws MalformedPathError.
 */
function paramsFor(row: CompiledRow<TableRow>, wanted: string[]): Record<string, string> | null {
  if (row.segments.length !== wanted.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of row.segments.entries()) {
    const value = wanted[i]!;
    const param = PARAM_SEGMENT.exec(segment)?.[1];
    if (param === undefined) {
      if (segment !== value) return null;
    } else if (value === '') return null;
  }
  for (const [i, segment] of row.segments.entries()) {
    const param = PARAM_SEGMENT.exec(segment)?.[1];
    if (param !== undefined) params[param] = decodedParam(wanted[i]!);
  }
  return params;
}

/**
 * Finds the row of `table` for a method and path, with its path parameters, choosing as API Gateway does:
 * where several rows match, a fixed segment wins over a `{param}` one at the first place they differ
 * (`/seasons/active` over `/seasons/{id}`), so the order of the rows never matters.
 */
export function matchRouteIn<R extends TableRow>(
  table: readonly R[],
  method: string,
  path: string,
): RouteMatch<R> | null {
  const compiled = compile(table);
  const wantedMethod = method.toUpperCase();
  const fixed = compiled.fixed.get(`${wantedMethod} ${path}`);
  if (fixed) return { name: fixed.route.name, route: fixed.route, params: {} };
  const wanted = path.split('/');
  let best: { row: CompiledRow<R>; params: Record<string, string> } | null = null;
  for (const row of compiled.withParams) {
    if (row.method !== wantedMethod) continue;
    const params = paramsFor(row, wanted);
    if (params && (!best || row.specificity < best.row.specificity)) best = { row, params };
  }
  return best && { name: best.row.route.name, route: best.row.route, params: best.params };
}

/** Finds the route-table row for a method and path, with its path parameters. */
/** The route table as rows, made once (a request matches against it, as API Gateway does its routes). */
let table: Array<RouteDefinition & { name: RouteName }> | undefined;

export function matchRoute(
  method: string,
  path: string,
): RouteMatch<RouteDefinition & { name: RouteName }> | null {
  table ??= routeList();
  return matchRouteIn(table, method, path);
}

/** True when some route has this path under another method (the answer is then 405, not 404). */
export function pathExists(path: string): boolean {
  return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((m) => matchRoute(m, path) !== null);
}

export function toApiGatewayEvent(
  req: IncomingRequest,
  route: RouteDefinition,
  params: Record<string, string>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, val] of Object.entries(req.headers ?? {}))
    if (val !== undefined) headers[k.toLowerCase()] = val;
  const cookieHeader = headers.cookie;
  delete headers.cookie; // API Gateway v2 moves cookies to their own field
  const query = req.query ?? new URLSearchParams();
  const queryStringParameters: Record<string, string> = {};
  for (const [k, val] of query)
    queryStringParameters[k] = queryStringParameters[k] ? `${queryStringParameters[k]},${val}` : val;
  const now = new Date();
  return {
    version: '2.0',
    routeKey: `${route.method} ${API_PREFIX}${route.path}`,
    rawPath: req.path,
    rawQueryString: query.toString(),
    cookies: cookieHeader
      ? cookieHeader
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean)
      : undefined,
    headers,
    queryStringParameters: Object.keys(queryStringParameters).length ? queryStringParameters : undefined,
    pathParameters: Object.keys(params).length ? params : undefined,
    body: req.body || undefined,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: req.path,
        protocol: 'HTTP/1.1',
        sourceIp: req.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: `${route.method} ${API_PREFIX}${route.path}`,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}
