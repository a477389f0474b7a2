/**
 * Renders one public page to HTML for the prerender step (prerender/prerender.ts), with the same route tree
 * the browser hydrates. Built by Vite in SSR mode, so asset URLs match the client build.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { accountRoutes } from './app/account-routes';
import { publicRoutes } from './app/public-routes';
import { LAYOUT_ROUTE_ID, routeTreeOf } from './app/router';
import { CLUB } from './content/club';
import { footerOf, type FooterKind, loadFooter } from './components/page-footer';
import { SessionProvider } from './features/auth/session-provider';
import { renderHead } from './lib/page-head';
import { matchedMeta } from './lib/page-meta';

export { pageModule } from './app/public-routes';

export const siteOrigin = CLUB.siteOrigin;

/** The whole tree: the browser adds the account routes when a path needs them; here every page is rendered. */
const routeTree = routeTreeOf([...publicRoutes, ...accountRoutes]);
const ACCOUNT_ROUTE_IDS = new Set(accountRoutes.flatMap((route) => (route.id ? [route.id] : [])));

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The resource hints React puts before the markup (image preloads), which belong in <head>. */
  hints: string[];
  /** <title>, description, canonical link and social preview tags. */
  head: string;
  status: number;
  /** Kept out of search engines (and the sitemap). */
  noindex: boolean;
  /** The matched page routes' ids, below the layout (see app/public-routes.tsx). */
  routeIds: string[];
  /** An account route's page: the browser loads the account routes' table before it hydrates. */
  accountPage: boolean;
  /** The footer the page carries, whose chunk the browser loads before it hydrates. */
  footer: FooterKind | null;
}

// Both footers are ready before any page renders, so each renders in place (the browser loads one lazily).
await Promise.all([loadFooter('marketing'), loadFooter('short')]);

export async function render(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routeTree);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response)
    throw new Error(`${path} redirected to ${context.headers.get('location')}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const rendered = renderToString(
    <StrictMode>
      {/* hydrate={false}: no inline hydration script (the site's CSP forbids inline scripts, and the
          public routes have no loader data to hand over). */}
      {/* The same provider as the browser app's: no session yet, so a signed-in screen renders its frame. */}
      <SessionProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SessionProvider>
    </StrictMode>,
  );
  const [, leading = '', html = ''] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(rendered)!;
  const meta = matchedMeta(context.matches.map((match) => match.route));
  return {
    html,
    hints: leading.match(/<link [^>]*>/g) ?? [],
    head: renderHead(meta, path),
    status: context.statusCode,
    noindex: Boolean(meta.noindex),
    routeIds: context.matches.map((match) => match.route.id).filter((id) => id !== LAYOUT_ROUTE_ID),
    accountPage: context.matches.some((match) => ACCOUNT_ROUTE_IDS.has(match.route.id)),
    footer: footerOf(path),
  };
}
