/**
 * Owns the session (spec §4): restores it from session storage on load, refreshes an expired token, signs in,
 * keeps an active person's session renewed, signs out (by hand, on a lost session, or after 30 idle minutes), and
 * gives the chrome `{ user, ready, logout }`.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { SessionUser } from '@club/shared';
import { SessionContext, type SessionValue } from '../../lib/session-context';
import {
  clearToken,
  isSignedOutByHand,
  readToken,
  refreshOnce,
  setSessionHooks,
  stopSessionCalls,
  storeToken,
} from '../../lib/session-token';
import { isTokenExpired, userFromToken } from './token';

interface SessionActions {
  /** Stores a fresh access token and returns its user. */
  signIn(token: string): SessionUser | null;
}

const SessionActionsContext = createContext<SessionActions>({ signIn: () => null });

export function useSessionActions(): SessionActions {
  return useContext(SessionActionsContext);
}

/**
 * The account calls, with the API client and the route table: loaded when a session needs the server (an
 * expired token, a logout), so a signed-out visitor's pages never load them.
 */
const accountApi = () => import('./api');

/**
 * Gets a new access token with the refresh cookie; null when the session is over, or when the person signed out
 * by hand while it was asked for (the server ends the whole session at sign-out; this page keeps nothing).
 */
async function refreshToken(): Promise<string | null> {
  try {
    const { token } = await (await accountApi()).refreshAccessToken();
    if (!token || isSignedOutByHand()) return null;
    storeToken(token);
    return token;
  } catch {
    return null;
  }
}

/** How soon a signed-in watch that failed to load is asked for again. */
const WATCH_RETRY_MS = 30_000;

export interface SessionProviderProps {
  children: ReactNode;
  /** Client-side navigation (the router's); used to send a signed-out user to /login. */
  navigate?: (to: string) => void;
}

export function SessionProvider({ children, navigate }: SessionProviderProps) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [ready, setReady] = useState(false);
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  const goToLogin = useCallback(() => {
    if (navigateRef.current) navigateRef.current('/login');
    else window.location.assign('/login');
  }, []);

  useEffect(() => {
    setSessionHooks({
      refresh: async () => {
        const token = await refreshToken();
        setUser(token ? userFromToken(token) : null);
        return token;
      },
      onSignedOut: () => {
        // The refresh that found the session over has forgotten the helper apps' lists (./api, issue 42).
        setUser(null);
        goToLogin();
      },
    });
  }, [goToLogin]);

  // Restore once per page load, after the first render so it matches prerendered HTML (which cannot know the
  // session); the guard keeps StrictMode's second effect run from refreshing twice.
  const restoring = useRef(false);
  useEffect(() => {
    if (restoring.current) return;
    restoring.current = true;
    const token = readToken();
    if (token && isTokenExpired(token)) {
      void refreshOnce().then((fresh) => {
        if (!fresh) {
          clearToken();
          setUser(null);
        }
        setReady(true);
      });
      return;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- session storage is read only after hydration.
    setUser(token ? userFromToken(token) : null);
    setReady(true);
  }, []);

  const signIn = useCallback((token: string) => {
    storeToken(token);
    const next = userFromToken(token);
    setUser(next);
    return next;
  }, []);

  const logout = useCallback(async () => {
    // The session's calls stop before the token goes: a section still loading sends none without it, and none
    // of their 401s could renew the session being ended while the account calls load.
    stopSessionCalls();
    clearToken();
    setUser(null);
    try {
      // The account calls' logout forgets the helper apps' lists on this device first (issue 42).
      await (await accountApi()).logout();
    } catch {
      // The local session is gone either way; the cookie expires on its own.
    }
  }, []);

  const onIdle = useCallback(() => {
    void logout();
    goToLogin();
  }, [logout, goToLogin]);
  // The inactivity logout and the renewal of an active person's session, loaded only with a session.
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return undefined;
    let stop: (() => void) | undefined;
    let retry: number | undefined;
    let ended = false;
    const start = () =>
      import('./signed-in-watch').then(
        ({ watchSignedIn }) => {
          if (!ended) stop = watchSignedIn(onIdle);
        },
        // Not loaded (a dropped connection): tried again, so an idle session still ends.
        () => {
          if (!ended) retry = window.setTimeout(() => void start(), WATCH_RETRY_MS);
        },
      );
    void start();
    return () => {
      ended = true;
      window.clearTimeout(retry);
      stop?.();
    };
  }, [signedIn, onIdle]);

  const session = useMemo<SessionValue>(() => ({ user, ready, logout }), [user, ready, logout]);
  const actions = useMemo<SessionActions>(() => ({ signIn }), [signIn]);

  return (
    <SessionContext.Provider value={session}>
      <SessionActionsContext.Provider value={actions}>{children}</SessionActionsContext.Provider>
    </SessionContext.Provider>
  );
}
