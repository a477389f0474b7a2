/**
 * Public pages (spec §2 public and payment routes). Each page is its own small chunk: the prerendered HTML
 * names the current page's chunks beside the app's, the boot script asks for them all once the page has
 * painted, and the app loads the page's module before hydrating (load-route-modules.ts), so hydration still
 * matches the prerendered markup; other pages load when visited.
 *
 * A page route's `id` names its module in src/routes (`<module>` or `<module>#<variant>`): the prerender step
 * reads it to find the page's chunks, and fails the build if the module is not in the client manifest.
 */
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { SPRING_TEAM_SLUGS } from '@club/shared/site-paths';
import type { PageMeta, RouteHandle } from '../lib/page-meta';

/** A prerendered page's route: its id names its module in src/routes; its module gives the page and its meta. */
export function page(
  path: string,
  id: string,
  load: () => Promise<{ element: ReactNode; meta: PageMeta }>,
): RouteObject {
  const lazy = async () => {
    const { element, meta } = await load();
    const handle: RouteHandle = { meta };
    return { element, handle };
  };
  return path === '/' ? { index: true, id, lazy } : { path, id, lazy };
}

export const publicRoutes: RouteObject[] = [
  page('/', 'home', () => import('../routes/home').then((m) => ({ element: <m.HomePage />, meta: m.meta }))),
  page('about', 'about', () =>
    import('../routes/about').then((m) => ({ element: <m.AboutPage />, meta: m.meta })),
  ),
  page('FallTeams', 'fall-teams', () =>
    import('../routes/fall-teams').then((m) => ({ element: <m.FallTeamsPage />, meta: m.meta })),
  ),
  page('FallTeams/Girls', 'fall-team-detail#girls', () =>
    import('../routes/fall-team-detail').then((m) => ({
      element: <m.FallTeamDetailPage division="girls" />,
      meta: m.fallTeamMeta('girls'),
    })),
  ),
  page('FallTeams/Boys', 'fall-team-detail#boys', () =>
    import('../routes/fall-team-detail').then((m) => ({
      element: <m.FallTeamDetailPage division="boys" />,
      meta: m.fallTeamMeta('boys'),
    })),
  ),
  page('SpringTeams', 'spring-teams', () =>
    import('../routes/spring-teams').then((m) => ({ element: <m.SpringTeamsPage />, meta: m.meta })),
  ),
  ...SPRING_TEAM_SLUGS.map((slug) =>
    page(`SpringTeams/${slug}`, `spring-team-detail#${slug}`, () =>
      import('../routes/spring-team-detail').then((m) => ({
        element: <m.SpringTeamDetailPage slug={slug} />,
        meta: m.springTeamMeta(slug),
      })),
    ),
  ),
  page('WinterProgramming', 'winter-programming', () =>
    import('../routes/winter-programming').then((m) => ({
      element: <m.WinterProgrammingPage />,
      meta: m.meta,
    })),
  ),
  page('Training', 'training', () =>
    import('../routes/training').then((m) => ({ element: <m.TrainingPage />, meta: m.meta })),
  ),
  page('Tournaments', 'tournaments', () =>
    import('../routes/tournaments').then((m) => ({ element: <m.TournamentsPage />, meta: m.meta })),
  ),
  page('TryoutsClosed', 'tryouts-closed', () =>
    import('../routes/tryouts-closed').then((m) => ({ element: <m.TryoutsClosedPage />, meta: m.meta })),
  ),
  page('tryout-information', 'tryout-information', () =>
    import('../routes/tryout-information').then((m) => ({
      element: <m.TryoutInformationPage />,
      meta: m.meta,
    })),
  ),
  page('sponsorship', 'sponsorship', () =>
    import('../routes/sponsorship').then((m) => ({ element: <m.SponsorshipPage />, meta: m.meta })),
  ),
  page('testimonials', 'testimonials', () =>
    import('../routes/testimonials').then((m) => ({ element: <m.TestimonialsPage />, meta: m.meta })),
  ),
  page('contact', 'contact', () =>
    import('../routes/contact').then((m) => ({ element: <m.ContactPage />, meta: m.meta })),
  ),
  page('privacy', 'privacy', () =>
    import('../routes/privacy').then((m) => ({ element: <m.PrivacyPage />, meta: m.meta })),
  ),
  page('terms', 'terms', () =>
    import('../routes/terms').then((m) => ({ element: <m.TermsPage />, meta: m.meta })),
  ),
  page('payment/success', 'payment-success', () =>
    import('../routes/payment-success').then((m) => ({ element: <m.PaymentSuccessPage />, meta: m.meta })),
  ),
  page('payment/cancelled', 'payment-cancelled', () =>
    import('../routes/payment-cancelled').then((m) => ({
      element: <m.PaymentCancelledPage />,
      meta: m.meta,
    })),
  ),
  // Ranked last by the router whatever its position: any path nothing else matches.
  page('*', 'not-found', () =>
    import('../routes/not-found').then((m) => ({ element: <m.NotFoundPage />, meta: m.meta })),
  ),
];

/** The src/routes module a page route's id names ('fall-team-detail#girls' → 'fall-team-detail'). */
export function pageModule(routeId: string): string {
  return routeId.split('#')[0]!;
}
