/**
 * Public pages (spec §2 public and payment routes). Each page is its own small chunk: the prerendered HTML
 * names the current page's chunks beside the app's, the boot script asks for them all once the page has
 * painted, and the app loads the page's module before hydrating (load-route-modules.ts), so hydration still
 * matches the prerendered markup; other pages load when visited.
 *
 * A page route's `id` names its module in src/routes (`<module>` or `<module>#<variant>`): the prerender step
 * reads it to find the page's chunks, and fails the build if the module is not in the client manifest.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { SPRING_TEAM_SLUGS } from '@club/shared/site-paths';
import type { PageMeta, RouteHandle } from '../lib/page-meta';

/**
 * A module in src/routes: its page is the default export, with the page's meta beside it; a module that draws
 * several pages (a fall division's, a spring team's) takes the page's props and gives the meta for them.
 */
export interface PageModule<Props extends object> {
  default: ComponentType<Props>;
  meta: PageMeta | ((props: Props) => PageMeta);
}

/** A prerendered page's route: its id names its module in src/routes; `props` choose a module's variant. */
export function page<Props extends object>(
  path: string,
  id: string,
  load: () => Promise<PageModule<Props>>,
  // Required exactly when the module's page takes props.
  ...[given]: keyof Props extends never ? [] : [props: Props]
): RouteObject {
  const props = (given ?? {}) as Props;
  const lazy = async () => {
    const { default: Page, meta } = await load();
    const handle: RouteHandle = { meta: typeof meta === 'function' ? meta(props) : meta };
    return { element: <Page {...props} />, handle };
  };
  return path === '/' ? { index: true, id, lazy } : { path, id, lazy };
}

export const publicRoutes: RouteObject[] = [
  page('/', 'home', () => import('../routes/home')),
  page('about', 'about', () => import('../routes/about')),
  page('FallTeams', 'fall-teams', () => import('../routes/fall-teams')),
  page('FallTeams/Girls', 'fall-team-detail#girls', () => import('../routes/fall-team-detail'), {
    division: 'girls',
  }),
  page('FallTeams/Boys', 'fall-team-detail#boys', () => import('../routes/fall-team-detail'), {
    division: 'boys',
  }),
  page('SpringTeams', 'spring-teams', () => import('../routes/spring-teams')),
  ...SPRING_TEAM_SLUGS.map((slug) =>
    page(`SpringTeams/${slug}`, `spring-team-detail#${slug}`, () => import('../routes/spring-team-detail'), {
      slug,
    }),
  ),
  page('WinterProgramming', 'winter-programming', () => import('../routes/winter-programming')),
  page('Training', 'training', () => import('../routes/training')),
  page('Tournaments', 'tournaments', () => import('../routes/tournaments')),
  page('TryoutsClosed', 'tryouts-closed', () => import('../routes/tryouts-closed')),
  page('tryout-information', 'tryout-information', () => import('../routes/tryout-information')),
  page('sponsorship', 'sponsorship', () => import('../routes/sponsorship')),
  page('testimonials', 'testimonials', () => import('../routes/testimonials')),
  page('contact', 'contact', () => import('../routes/contact')),
  page('privacy', 'privacy', () => import('../routes/privacy')),
  page('terms', 'terms', () => import('../routes/terms')),
  page('payment/success', 'payment-success', () => import('../routes/payment-success')),
  page('payment/cancelled', 'payment-cancelled', () => import('../routes/payment-cancelled')),
  // Ranked last by the router whatever its position: any path nothing else matches.
  page('*', 'not-found', () => import('../routes/not-found')),
];

/** The src/routes module a page route's id names ('fall-team-detail#girls' → 'fall-team-detail'). */
export function pageModule(routeId: string): string {
  return routeId.split('#')[0]!;
}
