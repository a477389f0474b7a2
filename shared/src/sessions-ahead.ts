/**
 * Results before the last session (issue 42): a group whose tryout session has not ended yet would read its
 * result before it has played. The server refuses to mail such a group's results unless the admin confirms,
 * and the admin's Send Result Emails asks first; both read this one rule.
 */
import type { AgeGroup } from './constants';
import { sessionInstant } from './session-instants';
import type { TryoutSession } from './types';

/** One of the groups to be mailed, and its next tryout session that has not ended yet. */
export interface GroupWithSessionAhead {
  age_group: AgeGroup;
  session: TryoutSession;
}

/**
 * Of `groups`, those with a tryout session (not an open gym) that has not ended at `now`, each with its
 * earliest such session, in the groups' order.
 */
export function groupsWithSessionAhead(
  sessions: readonly TryoutSession[],
  groups: Iterable<AgeGroup>,
  now: Date,
): GroupWithSessionAhead[] {
  const ahead = sessions
    .filter((s) => s.kind === 'tryout' && sessionInstant(s.ends_at).getTime() > now.getTime())
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const found: GroupWithSessionAhead[] = [];
  for (const age_group of new Set(groups)) {
    const session = ahead.find((s) => s.age_groups.includes(age_group));
    if (session) found.push({ age_group, session });
  }
  return found;
}
