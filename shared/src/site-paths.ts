/**
 * The site's paths as every page's app reads them: the spring teams' pages, which pages carry which footer.
 * The pages a mailed link opens are in mail-links.ts, and which pages the build prerenders in
 * prerendered-paths.ts: the public pages never read those, so their JavaScript does not carry them.
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
