/**
 * The pages whose HTML the build prerenders: the public pages (spec §2 public and payment routes), the account
 * pages a family reaches from a mail or a link, and the signed-in screens' frames (issue 20). The prerender
 * step, the CDN's URL rewrite and the tests read these lists.
 */
import { SPRING_TEAM_SLUGS } from './site-paths';

export const PUBLIC_PAGE_PATHS = [
  '/',
  '/about',
  '/FallTeams',
  '/FallTeams/Girls',
  '/FallTeams/Boys',
  '/SpringTeams',
  ...SPRING_TEAM_SLUGS.map((slug) => `/SpringTeams/${slug}`),
  '/WinterProgramming',
  '/Training',
  '/Tournaments',
  '/TryoutsClosed',
  '/tryout-information',
  '/sponsorship',
  '/testimonials',
  '/contact',
  '/privacy',
  '/terms',
  '/payment/success',
  '/payment/cancelled',
] as const;

/**
 * The account pages a mail or a link opens (issue 20), and the page a member lands on once their account is
 * deleted (issue 19): prerendered as their frame and form, so they paint before any script runs; the app
 * hydrates them and their forms work as before. Kept out of search engines.
 */
export const ACCOUNT_PAGE_PATHS = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-notice',
  '/check-email',
  '/verify-email',
  '/email-confirmed',
  '/household/join',
  '/account/confirm-email',
  '/account-deleted',
] as const;

/**
 * The signed-in screens a family reloads or comes back to (issue 20; Stripe's checkout returns to /dashboard):
 * prerendered as their frame (navigation, heading, a placeholder of the content's size), which the app keeps
 * until the session is known, then fills in without moving anything. Kept out of search engines.
 */
export const SIGNED_IN_FRAME_PATHS = ['/dashboard', '/tryout'] as const;

/** Every prerendered page. */
export const PRERENDERED_PATHS = [
  ...PUBLIC_PAGE_PATHS,
  ...ACCOUNT_PAGE_PATHS,
  ...SIGNED_IN_FRAME_PATHS,
] as const;

/** The file a prerendered path is written to under the web build folder: '/' → 'index.html', '/about' → 'about/index.html'. */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/**
 * The SPA shell: the client build's page with an empty root, served for every path that is not prerendered
 * (account screens, dashboard, admin, unknown paths), so no other page's content flashes there first.
 */
export const SPA_SHELL_FILE = 'shell.html';
