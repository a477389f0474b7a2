/** Who may still do what, read from the table at the moment of the request (the token may be older). */
import { HELPER_ACCESS_DAYS_AFTER, sessionInstant, type AgeGroup, type HelperRole } from '@club/shared';
import * as helpers from '../../db/tryout-night/volunteers';
import * as seasonsTable from '../../db/seasons/seasons';
import { isSessionFamilyLive } from '../../db/accounts/refresh-tokens';
import * as users from '../../db/accounts/users';

/**
 * Whether a user is an administrator right now: an admin demoted after their token was issued loses the
 * admin routes at once (the wrapper asks on every admin request).
 */
export function isAdminNow(userId: string): Promise<boolean> {
  return users.isAdminNow(userId);
}

/**
 * Whether the sign-in a token was issued in is still live (issue 34): a token outlives its session only
 * until this is asked, which the wrapper does on every signed-in request.
 */
export function isSessionLive(userId: string, sessionId: string): Promise<boolean> {
  return isSessionFamilyLive(userId, sessionId, new Date());
}

/**
 * When a season's helpers lose their access (issue 37): a day after its last session ends; null while it has
 * no sessions (then only the admin's removal ends it).
 */
export function helperAccessEnds(season: { sessions: ReadonlyArray<{ ends_at: string }> }): Date | null {
  const last = season.sessions
    .map((s) => s.ends_at)
    .sort()
    .at(-1);
  if (!last) return null;
  return new Date(sessionInstant(last).getTime() + HELPER_ACCESS_DAYS_AFTER * 24 * 60 * 60 * 1000);
}

/**
 * The grant a user holds now for one job in one season (issue 37), or null: none, removed, or past its
 * season's end. Read from the table on every request, like the admin flag. A season with no sessions has
 * nothing to help with (issue 42), and an end once reached is recorded on the grant, so sessions removed
 * or added afterwards never reopen it: a grant's end only moves later while it is still ahead.
 */
export async function helperGrantNow(
  userId: string,
  seasonId: string,
  role: HelperRole,
  now: Date = new Date(),
): Promise<helpers.GrantItem | null> {
  const [grant, season] = await Promise.all([
    helpers.getGrant(seasonId, userId, role),
    seasonsTable.getSeason(seasonId),
  ]);
  if (!grant || !season) return null;
  if (grant.ended_at) return null;
  const ends = helperAccessEnds(season);
  if (!ends) return null;
  if (ends <= now) {
    await helpers.recordGrantEnded(grant, ends);
    return null;
  }
  return grant;
}

/**
 * A coach's grant of one team, now (issue 45), or null: none, or removed. A coach's job is the season after the
 * tryouts, so its access ends when the admin removes it (or the season's data goes), not with the sessions.
 */
export async function coachGrantNow(
  userId: string,
  seasonId: string,
  teamUuid: string,
): Promise<helpers.GrantItem | null> {
  const grant = await helpers.getGrant(seasonId, userId, 'coach', teamUuid);
  if (!grant || grant.ended_at || grant.team_uuid !== teamUuid) return null;
  return grant;
}

/**
 * Who is working a tryout-night route (issue 37), from their grant (or, at check-in, an administrator): the
 * name their changes are audited with and, for an evaluator, the groups they score.
 */
export interface HelperAccess {
  userId: string;
  name: string;
  /** The groups an evaluator scores; empty for check-in. */
  age_groups: AgeGroup[];
  /** A coach's one team (issue 45): the team uuid their grant names. */
  team_uuid?: string;
  /** An administrator working the door without a grant. */
  admin: boolean;
}
