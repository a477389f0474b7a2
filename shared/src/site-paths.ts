/**
 * The pages whose HTML the build prerenders: the public pages (spec §2 public and payment routes) and the
 * account pages a family reaches from a mail or a link (issue 20). The web router, the prerender step, the
 * CDN's URL rewrite and the tests all read these lists.
 */
export const SPRING_TEAM_SLUGS = [
  '13u-boys',
  '14u-boys',
  '15u-boys',
  '16u-boys',
  '17u-boys',
  '18u-boys',
  '15u-girls',
  '17u-girls',
] as const;

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

/** Paths that show the marketing footer (spec §2 shared chrome); a path matches itself and its sub-pages. */
export const FOOTER_PATH_PREFIXES = [
  '/about',
  '/FallTeams',
  '/SpringTeams',
  '/WinterProgramming',
  '/Training',
  '/Tournaments',
  '/sponsorship',
  '/testimonials',
  '/contact',
] as const;

/**
 * Whether the marketing footer shows on a path. Like the router, it ignores letter case and a trailing slash;
 * '/about' matches '/about' and '/about/…' but not '/aboutus'.
 */
export function showsFooter(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return FOOTER_PATH_PREFIXES.some((prefix) => {
    const p = prefix.toLowerCase();
    return path === p || path.startsWith(`${p}/`);
  });
}

/** The account pages, which carry a short footer (contact, privacy, terms; issue 18) instead of none. */
export const ACCOUNT_FOOTER_PATHS = [
  '/login',
  '/register',
  '/check-email',
  '/verify-notice',
  '/email-confirmed',
  '/forgot-password',
  '/verify-email',
  '/reset-password',
  '/household/join',
  '/dashboard',
  '/tryout',
  '/account',
  '/account-deleted',
] as const;

/** Whether the account pages' short footer shows on a path (letter case and a trailing slash ignored). */
export function showsShortFooter(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return ACCOUNT_FOOTER_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The file a prerendered path is written to under the web build folder: '/' → 'index.html', '/about' → 'about/index.html'. */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/**
 * The SPA shell: the client build's page with an empty root, served for every path that is not prerendered
 * (account screens, dashboard, admin, unknown paths), so no other page's content flashes there first.
 */
export const SPA_SHELL_FILE = 'shell.html';

/**
 * The screens a mailed link opens. The link's one-time token rides in the URL fragment (`#<token>`), which a
 * browser never sends to a server: no CDN or API access log, and no Referer header, can ever hold it. The
 * screen reads the fragment and posts the token in a request body.
 */
export const MAIL_LINK_PAGES = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  /** A household's invitation to a second guardian (issue 17). */
  joinHousehold: '/household/join',
  /** A new e-mail address's confirmation, asked for on the account page (issue 18). */
  confirmEmailChange: '/account/confirm-email',
} as const;
