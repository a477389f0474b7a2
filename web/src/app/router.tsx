/**
 * The route tree: the layout (navigation, footer) around the pages. Public pages are eager in the table (and
 * prerendered); their modules, and every account, dashboard and admin screen, load lazily. The browser starts
 * with the public pages' table and adds the account routes' when a path needs them (account-route-discovery);
 * the prerender step renders the whole tree on the server.
 */
import type { RouteObject } from 'react-router-dom';
import { RouteErrorPage } from '../components/route-error-page';
import { Layout } from './layout';

export const LAYOUT_ROUTE_ID = 'layout';

/** The layout route around `pages`. */
export function routeTreeOf(pages: RouteObject[]): RouteObject[] {
  return [
    {
      id: LAYOUT_ROUTE_ID,
      element: <Layout />,
      // A crash inside a page is caught by the layout's own boundary, which keeps the navigation;
      // this one catches what escapes it (the chrome itself, or a route loader's error).
      errorElement: <RouteErrorPage />,
      children: pages,
    },
  ];
}
