/**
 * The session as the chrome sees it (navigation, guards). The auth feature provides the value;
 * components read it here so they never import a feature.
 */
import { createContext, useContext } from 'react';
import type { SessionUser } from '@club/shared';

export interface SessionValue {
  /** The signed-in user, or null when signed out. */
  user: SessionUser | null;
  /** False until a stored token has been restored or refused on page load. */
  ready: boolean;
  logout: () => Promise<void>;
}

export const SessionContext = createContext<SessionValue>({
  user: null,
  ready: true,
  logout: async () => {},
});

export function useSession(): SessionValue {
  return useContext(SessionContext);
}
