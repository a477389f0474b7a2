/** Renders screens inside a memory router and the real session provider, as the app does. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { SessionProvider } from './session-provider';

/** A page that only says where the user landed. */
export function landed(path: string): RouteObject {
  return { path, element: <h1>landed on {path}</h1> };
}

export function renderWithSession(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <SessionProvider navigate={(to) => void router.navigate(to)}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return { router, ...utils };
}
