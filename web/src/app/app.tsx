import { useCallback } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { loadFooterOf } from '../components/page-footer';
import { SessionProvider } from '../features/auth/session-provider';
import { discoverAccountRoutes, startingRouteTree } from './account-route-discovery';
import { loadRouteModules } from './load-route-modules';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The browser router, made once the current page's route modules and footer are loaded (so hydration matches). */
export async function createAppRouter(): Promise<AppRouter> {
  const { pathname } = window.location;
  const [routes] = await Promise.all([startingRouteTree(pathname), loadFooterOf(pathname)]);
  await loadRouteModules(routes, pathname);
  return createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAccountRoutes });
}

/**
 * The browser app. Providers that hold client state go around the router here: the accounts feature wraps
 * it in its session provider, whose value the navigation reads through lib/session-context.
 */
export function App({ router }: { router: AppRouter }) {
  /** Sends a signed-out user (lost session, 30 idle minutes) to /login without a page load. */
  const navigate = useCallback((to: string) => void router.navigate(to), [router]);
  return (
    <SessionProvider navigate={navigate}>
      <RouterProvider router={router} />
    </SessionProvider>
  );
}
