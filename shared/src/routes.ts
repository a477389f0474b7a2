/**
 * The API route table: one row per endpoint, and the contract of each. CDK creates a Lambda and an API
 * Gateway route from each row, the local API server routes to the same handlers, the handler wrapper
 * validates the row's params, query and body with its schemas, the web client's calls take their method,
 * path, body and answer types from it, and the tests build their access matrix, table-access probes and
 * mocks from it (route-samples.ts). Add a row only together with a working handler.
 *
 * The rows live in one file per area (routes/<area>.ts), combined here into the one table every consumer
 * reads; a row's types (RouteDefinition, answer) are routes/route-definition.ts.
 *
 * `path` is relative to the site's `/api` prefix and uses API Gateway's `{param}` syntax. A path's `{id}` is
 * the thing it is under: `/admin/seasons/{id}` a season, `/admin/tryouts/{id}` a registration,
 * `/household/athletes/{id}` an athlete; a season under `/admin/tryouts` is `{seasonId}` (spec §7's
 * send-results). Both season forms take the one SeasonIdSchema. Paths spec §7 names keep its spelling, as
 * their rows say, even where a newer path would read better (`GET /seasons/all`, the admin's season list).
 * `handler` names the file `functions/src/handlers/<handler>.ts`, which exports `handler`.
 * `params`, `query` and `body` name schemas exported by schemas.ts (by name, so the public pages, which
 * import this table for its paths, never load the schemas or valibot); `answer` carries the 2xx answer's
 * type for the compiler only.
 */
import type { GenericSchema, InferInput, InferOutput } from 'valibot';
import type * as Schemas from './all-schemas';
import { API_PREFIX } from './public-paths';
import { accountRoutes } from './routes/accounts';
import { adminRoutes } from './routes/admin';
import { etransferRoutes } from './routes/etransfers';
import { householdRoutes } from './routes/households';
import { moneyRoutes } from './routes/money';
import { offerRoutes } from './routes/offers';
import type { Answer, RouteDefinition, SchemaName } from './routes/route-definition';
import { teamFeeRoutes } from './routes/team-fees';
import { teamRoutes } from './routes/teams';
import { tryoutNightRoutes } from './routes/tryout-night';
import { tryoutRoutes } from './routes/tryouts';

export * from './routes/route-definition';

type SchemaExports = typeof Schemas;

/** The rows by area, one file each (routes/<area>.ts); a new area is a file and a line here. */
export const routeAreas = {
  accounts: accountRoutes,
  households: householdRoutes,
  tryouts: tryoutRoutes,
  admin: adminRoutes,
  tryoutNight: tryoutNightRoutes,
  offers: offerRoutes,
  teams: teamRoutes,
  teamFees: teamFeeRoutes,
  money: moneyRoutes,
  etransfers: etransferRoutes,
} as const;

export const routes = {
  ...accountRoutes,
  ...householdRoutes,
  ...tryoutRoutes,
  ...adminRoutes,
  ...tryoutNightRoutes,
  ...offerRoutes,
  ...teamRoutes,
  ...teamFeeRoutes,
  ...moneyRoutes,
  ...etransferRoutes,
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;

type Row<N extends RouteName> = (typeof routes)[N];
type Named<N extends RouteName, F extends 'params' | 'query' | 'body'> =
  Row<N> extends { readonly [K in F]: infer S extends SchemaName } ? SchemaExports[S] : undefined;

/** What a call of the route sends as its path params, query or body (before validation). */
export type ParamsOf<N extends RouteName> = InputOf<Named<N, 'params'>>;
export type QueryOf<N extends RouteName> = InputOf<Named<N, 'query'>>;
export type BodyOf<N extends RouteName> = InputOf<Named<N, 'body'>>;
/** What the route's handler receives, validated. */
export type ValidParamsOf<N extends RouteName> = OutputOf<Named<N, 'params'>>;
export type ValidQueryOf<N extends RouteName> = OutputOf<Named<N, 'query'>>;
export type ValidBodyOf<N extends RouteName> = OutputOf<Named<N, 'body'>>;
/** The route's 2xx answer. */
export type AnswerOf<N extends RouteName> = Row<N>['answer'] extends Answer<infer A> ? A : never;

type InputOf<S> = S extends GenericSchema ? InferInput<S> : undefined;
type OutputOf<S> = S extends GenericSchema ? InferOutput<S> : undefined;

/** The prefix under which CloudFront, the local server and Vite route requests to the API. */
export { API_PREFIX };

/** Fills `{param}` placeholders: apiPath('getActiveSeason') → '/api/seasons/active'. */
export function apiPath(name: RouteName, params: Record<string, string> = {}): string {
  const route: RouteDefinition = routes[name];
  return (
    API_PREFIX +
    route.path.replace(/\{(\w+)\}/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`Missing path parameter ${key} for ${name}`);
      return encodeURIComponent(value);
    })
  );
}

/** Every route as a list, with its name, for generators (CDK, local server, access matrix). */
export function routeList(): Array<RouteDefinition & { name: RouteName }> {
  return (Object.keys(routes) as RouteName[]).map((name) => ({ name, ...routes[name] }));
}
