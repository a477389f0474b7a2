/**
 * The public pages' own read of a public route: a plain GET with no sign-in token and no session handling
 * (a public route never refreshes or signs anyone out), so a prerendered page's first JavaScript stays free
 * of the account client (lib/api-client.ts loads only when a stored session needs it).
 */
import { publicReadPath, type PublicReadName } from '@club/shared/public-paths';
import type { AnswerOf } from '@club/shared/routes';

/**
 * The route's answer, or null when it answers 404 (e.g. no active season); throws on anything else. `sent`:
 * the same request, already sent (the paint-first script asks for the active season once the page has
 * painted).
 */
export async function publicGet<N extends PublicReadName>(
  name: N,
  sent?: Promise<Response>,
): Promise<AnswerOf<N> | null> {
  const res = await (sent ??
    fetch(publicReadPath(name), { headers: { Accept: 'application/json' }, credentials: 'same-origin' }));
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`${name} answered ${res.status}`);
  return (await res.json()) as AnswerOf<N>;
}
