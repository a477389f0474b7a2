import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * Loads the lazy route modules a path matches and puts them into the route objects, as React Router's SSR
 * guide does before hydrating: the router then starts with the page ready, renders exactly what was
 * prerendered, and needs no fallback. Other routes stay lazy.
 */
export async function loadRouteModules(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}
