/**
 * The account, dashboard and admin screens' routes (account-routes.tsx) join the browser's router only when
 * a path needs them. Their table, with the list of chunks each screen needs, was a sixth of the app's own
 * JavaScript on every public page, where a visitor may never open one of those screens (issue 20: what `/`
 * loads). React Router asks `patchRoutesOnNavigation` whenever a path matches nothing but the not-found
 * page's `*`; a page the browser opens at such a path gets them before its router starts.
 */
import { matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { publicRoutes } from './public-routes';
import { LAYOUT_ROUTE_ID, routeTreeOf } from './router';

let loading: Promise<RouteObject[]> | undefined;

/** The account routes, loaded once; asked for again after a load that failed (offline, a new release). */
function loadAccountRoutes(): Promise<RouteObject[]> {
  loading ??= import('./account-routes').then(
    (module) => module.accountRoutes,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** True when, of `routes`, nothing but the not-found page's `*` matches `pathname`. */
function onlyNotFound(routes: RouteObject[], pathname: string): boolean {
  const matches = matchRoutes(routes, pathname);
  return !matches || matches.some((match) => match.route.path === '*');
}

/** The route tree a browser router starts with at `pathname`: the public pages, and the account routes when it is theirs. */
export async function startingRouteTree(pathname: string): Promise<RouteObject[]> {
  const pages = [...publicRoutes];
  if (onlyNotFound(routeTreeOf(pages), pathname)) pages.push(...(await loadAccountRoutes()));
  return routeTreeOf(pages);
}

/** Adds the account routes below the layout when a navigation's path matches no public page. */
export const discoverAccountRoutes: PatchRoutesOnNavigationFunction = async ({ patch }) => {
  // React Router adds a route only once, however often this is asked (it compares the routes it has).
  patch(LAYOUT_ROUTE_ID, await loadAccountRoutes());
};
