/**
 * The whole route tree: the layout (navigation, footer) around the public pages and the account,
 * dashboard and admin screens. Public pages are eager (and prerendered); the rest load lazily.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { accountRoutes } from './account-routes';
import { Layout } from './layout';
import { publicRoutes } from './public-routes';

export const routeTree: RouteObject[] = [
  {
    element: <Layout />,
    children: [...publicRoutes, ...accountRoutes],
  },
];

export const router = createBrowserRouter(routeTree);
