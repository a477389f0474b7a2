/**
 * msw handlers built from the shared route table, so a test mock never spells a method or a path: `onRoute`
 * answers one row (method and path from it, the answer typed from it), `answerEveryRoute` gives every row
 * of an access level a default answer, so a new endpoint needs no hand edit of a mock.
 */
import { http, HttpResponse, type HttpHandler, type PathParams } from 'msw';
import {
  API_PREFIX,
  routeList,
  routes,
  type AnswerOf,
  type RouteDefinition,
  type RouteName,
} from '@club/shared/routes';

/** msw's pattern of a route's path: `/api/admin/tryouts/{id}/cash` → `/api/admin/tryouts/:id/cash`. */
export function routePattern(name: RouteName): string {
  return API_PREFIX + routes[name].path.replace(/\{(\w+)\}/g, ':$1');
}

const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

type Resolved<N extends RouteName> = AnswerOf<N> | Response;

/** What a resolver of a route is given: the request and the path's params. */
export interface RouteRequest {
  readonly request: Request;
  readonly params: PathParams;
}

/**
 * Answers route `name` with what `resolve` gives: the row's answer (sent as JSON, 201 for a POST that creates
 * when `status` says so) or any Response (a refusal, a download).
 */
export function onRoute<N extends RouteName>(
  name: N,
  resolve: (req: RouteRequest) => Resolved<N> | Promise<Resolved<N>>,
  options: { status?: number; once?: boolean } = {},
): HttpHandler {
  const route: RouteDefinition = routes[name];
  return METHODS[route.method](
    routePattern(name),
    async ({ request, params }) => {
      const answer = await resolve({ request, params });
      return answer instanceof Response
        ? answer
        : HttpResponse.json(answer as object, { status: options.status });
    },
    { once: options.once },
  );
}

/**
 * A default 200 `{}` for every route of the given access levels: registered after a mock's own answers
 * (msw takes the first handler that matches), it keeps a screen's test from failing on a call its mock does
 * not care about, and a new row is covered the day it lands.
 */
export function answerEveryRoute(access: ReadonlyArray<RouteDefinition['access']>): HttpHandler[] {
  return routeList()
    .filter((row) => access.includes(row.access))
    .map((row) => METHODS[row.method](routePattern(row.name), () => HttpResponse.json({})));
}
