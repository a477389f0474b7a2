/**
 * The access token in session storage (spec §3, key `token`) and how it is renewed. The auth feature
 * registers how to refresh and what signing out means with `setSessionHooks`; the API client calls them on a
 * 401. Kept apart from the API client so every page can restore a stored session (the navigation's Login or
 * Dashboard) without loading the client and the route table first.
 */
// Subpath imports keep the shared schemas (and valibot) out of every page's first JavaScript.
import { TOKEN_STORAGE_KEY } from '@club/shared/page-constants';

export function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_STORAGE_KEY);
}

// Whether someone signed out by hand here, and no one has signed in since.
let signedOutByHand = false;
// The calls under way with the session's token, stopped when it is signed out.
const underWay = new Set<AbortController>();

/**
 * Signing out by hand: every call still under way with the session's token is stopped and answers 401, so
 * nothing the session asked for reaches a signed-out screen and the server refuses none mid-way; until someone
 * signs in again, a call needing a session is not sent at all. Kept here, beside the token, so the sign-out
 * stops them in the same moment it forgets the token, before the API client has even loaded.
 */
export function stopSessionCalls(): void {
  signedOutByHand = true;
  for (const call of underWay) call.abort();
  underWay.clear();
}

/** Signed out in this page by hand, and not signed in since. */
export function isSignedOutByHand(): boolean {
  return signedOutByHand && !readToken();
}

/**
 * A call made with the session's token (a token sent means someone is signed in again); `done` forgets it.
 */
export function sessionCall(): { signal: AbortSignal; done: () => void } {
  signedOutByHand = false;
  const call = new AbortController();
  underWay.add(call);
  return { signal: call.signal, done: () => underWay.delete(call) };
}

export interface SessionHooks {
  /** Gets a fresh access token (and stores it), or null when the session cannot be renewed. */
  refresh(): Promise<string | null>;
  /** Called once the session is lost: the token is already cleared. */
  onSignedOut(): void;
}

let hooks: SessionHooks = { refresh: async () => null, onSignedOut: () => {} };

export function setSessionHooks(next: SessionHooks): void {
  hooks = next;
}

let refreshing: Promise<string | null> | null = null;

/** Concurrent 401s share one refresh call: the refresh cookie rotates, so a second call would be a reuse. */
export function refreshOnce(): Promise<string | null> {
  refreshing ??= hooks
    .refresh()
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The session is lost (its renewal failed): the token goes and the auth feature signs the user out. */
export function endSession(): void {
  clearToken();
  hooks.onSignedOut();
}
