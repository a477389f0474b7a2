/**
 * A household's registrations as its dashboard reads them (GET /household/tryouts, issue 17), with tryout
 * night's (issue 37): each registration's check-in code, when the player was checked in, and once a session
 * of the group has ended, how many evaluators saw them (never the scores).
 */
import {
  sessionInstant,
  sessionsOf,
  type AccessTokenClaims,
  type AgeGroup,
  type HouseholdTryout,
  type MyTryout,
} from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import { checkinCodeOf } from '../../lib/checkin-code';
import { athletesOf } from './households';
import { toMyTryout } from '../registration/my-registration';
import { offerFieldOf } from '../offers/offer-answer';
import { waitlistedTryoutsOf } from '../registration/waitlist';

/**
 * GET /household/tryouts: one entry per athlete of the caller's household, its registration for the active
 * season (the MyTryout fields) or, not registered, `hasRegistered: false`; one BatchGet for them all.
 */
export async function getHouseholdTryouts(caller: AccessTokenClaims): Promise<HouseholdTryout[]> {
  const [athletes, season] = await Promise.all([athletesOf(caller), seasonsTable.getActiveSeason()]);
  const tryouts = season
    ? await tryoutsTable.getTryoutsOf(
        season.id,
        athletes.map((a) => a.id),
      )
    : [];
  const now = new Date();
  // Those on a full group's waitlist (issue 45): their place, kept current, and a spot held for them.
  const waitlisted = season
    ? await waitlistedTryoutsOf(
        season,
        athletes.filter((a) => !tryouts.some((t) => t.player_id === a.id)).map((a) => a.id),
        now,
      )
    : new Map<string, MyTryout>();
  return Promise.all(
    athletes.map(async (athlete): Promise<HouseholdTryout> => {
      const tryout = tryouts.find((t) => t.player_id === athlete.id);
      const onWaitlist = waitlisted.get(athlete.id);
      if (onWaitlist) return { athlete_id: athlete.id, ...onWaitlist };
      if (tryout && season) {
        return {
          athlete_id: athlete.id,
          ...toMyTryout(tryout, season),
          ...(await offerFieldOf(season, tryout)),
          ...(tryout.withdrawn ? {} : { checkin_code: await checkinCodeOf(tryout.id) }),
          checked_in_at: tryout.checked_in_at ?? null,
          // Scores of a player never checked in (or withdrawn) are held back: no "Seen by" from them.
          seen_by: sessionEnded(season, tryout.age_group, now)
            ? tryout.attended && !tryout.withdrawn
              ? (tryout.seen_by?.size ?? 0)
              : 0
            : null,
        };
      }
      return {
        athlete_id: athlete.id,
        hasRegistered: false,
        season: season?.name ?? null,
        tryout_number: null,
        result: '',
        payment_method: null,
        payment_status: null,
        teamsnap_link: null,
        age_group: null,
      };
    }),
  );
}

/** Whether a tryout session of the group has ended (issue 37: only then does the family see who saw them). */
function sessionEnded(season: seasonsTable.SeasonItem, group: AgeGroup, now: Date): boolean {
  return sessionsOf(season.sessions, group).some((s) => sessionInstant(s.ends_at) <= now);
}
