/** A season's sessions as a registered player reads them: which are theirs, how to get there, what to bring. */
import type { AgeGroup } from './constants';
import type { TryoutSession } from './types';

/** The tryout sessions of one age group (open gyms left out), earliest first. */
export function sessionsOf(sessions: readonly TryoutSession[], group: AgeGroup): TryoutSession[] {
  return sessions
    .filter((s) => s.kind === 'tryout' && s.age_groups.includes(group))
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}

/** A map search for a session's address (opens the phone's map app or the web map). */
export function mapLink(session: Pick<TryoutSession, 'location' | 'address'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${session.location}, ${session.address}`)}`;
}

/** What a player brings to a tryout (issue 18: the form says it before the family pays; the mail repeats it). */
export const WHAT_TO_BRING = 'Bring indoor court shoes, a water bottle and clothes to play in.';
