/**
 * Where signing in goes next (issue 18): the protected page that sent the visitor to /login, so a parent who
 * followed "Register for tryouts" lands on /tryout, not on the dashboard. Kept in this tab, so a detour through
 * sign-up and the e-mail's verification link keeps it too; used once.
 */
const KEY = 'return-to';

export function rememberReturnTo(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): sign-in goes to the home page as before.
  }
}

/** The remembered page without using it up: a sign-up carries it in its verification link (issue 36). */
export function peekReturnTo(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Where a user goes after signing in when no page asked. */
export function homeFor(user: { is_admin: boolean } | null): string {
  return user?.is_admin ? '/admin' : '/dashboard';
}

const isAdminPath = (path: string) => path === '/admin' || /^\/admin[/?#]/.test(path);

/**
 * The page to open after signing in: the remembered one when it is a page of this site the user may see (an
 * administrator's pages for an administrator, a family's for a family), else the user's home page.
 */
export function takeReturnTo(user: { is_admin: boolean } | null): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    path = null;
  }
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return homeFor(user);
  return user && isAdminPath(path) === user.is_admin ? path : homeFor(user);
}
