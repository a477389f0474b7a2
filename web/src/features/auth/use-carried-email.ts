import { useLocation, useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * The e-mail a screen was sent with: navigation state (after registering) or `?email=`. None while a
 * prerendered page hydrates (the server rendered it without one), then the one carried.
 */
export function useCarriedEmail(): string | undefined {
  const location = useLocation();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  if (!hydrated) return undefined;
  const state = location.state as { email?: unknown } | null;
  if (typeof state?.email === 'string' && state.email) return state.email;
  return params.get('email') || undefined;
}
