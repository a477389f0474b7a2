import { useLocation, useSearchParams } from 'react-router-dom';

/** The e-mail a screen was sent with: navigation state (after registering) or `?email=`. */
export function useCarriedEmail(): string | undefined {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as { email?: unknown } | null;
  if (typeof state?.email === 'string' && state.email) return state.email;
  return params.get('email') || undefined;
}
