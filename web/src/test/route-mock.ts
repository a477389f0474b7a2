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

/** The GETs a test's screen made that no mock answered, until the test's end takes them. */
const unanswered: string[] = [];

/**
 * Takes (and forgets) the GETs no mock answered, as the message test/setup.ts fails the test with; null
 * when every GET was answered.
 */
export function takeUnansweredGets(): string | null {
  const missed = [...new Set(unanswered.splice(0))];
  if (!missed.length) return null;
  return (
    `The screen asked for ${missed.join(', ')}, which no mock answers. Answer it in the test with ` +
    "onRoute('<route>', …), or in serveAdmin (web/src/features/admin/test-api.tsx) if every admin test needs it."
  );
}

/**
 * A default for every route of the given access levels, registered after a mock's own answers (msw takes the
 * first handler that matches), so a new row is covered the day it lands. A write answers 200 `{}`: a screen
 * rarely reads a write's answer, and a test that cares mocks it. A GET is what a screen renders from, so a
 * guess would crash the screen far from the cause: it answers 501 and the test fails at its end, naming the
 * route and where its mock goes (test/setup.ts).
 */
export function answerEveryRoute(access: ReadonlyArray<RouteDefinition['access']>): HttpHandler[] {
  return routeList()
    .filter((row) => access.includes(row.access))
    .map((row) =>
      METHODS[row.method](routePattern(row.name), () => {
        if (row.method !== 'GET') return HttpResponse.json({});
        unanswered.push(`GET ${API_PREFIX}${row.path} (route '${row.name}')`);
        return HttpResponse.json({ message: `No test answers ${row.name}.` }, { status: 501 });
      }),
    );
}
