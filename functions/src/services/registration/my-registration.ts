/**
 * A family's registration as its screens read it (spec §3 "My tryout record", GET /tryouts/my), and the
 * registration a signed-in call acts on. Registering is register.ts; withdrawing withdrawal.ts; the switch to
 * cash switch-to-cash.ts; a registration's calendar and receipt registration-documents.ts.
 */
import {
  amountsOf,
  reportedStatus,
  serverMessages,
  sessionsOf,
  sessionInstant,
  type AccessTokenClaims,
  type MyTryout,
} from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { NotFoundError } from '../../lib/errors';
import { playerIdOf } from '../households/households';
import { callerPlayerId } from './players';
import { etransferField } from '../money/etransfer';
import { supportAnswerField } from '../money/financial-support';
import { offerFieldOf } from '../offers/offer-answer';
import { waitlistedTryoutsOf } from './waitlist';

/** The shape the player's screens read (spec §3 "My tryout record"). */
export function toMyTryout(tryout: RegistrationItem, season: seasonsTable.SeasonItem): MyTryout {
  return {
    hasRegistered: true,
    season: season.name,
    tryout_number: tryout.tryout_number,
    result: tryout.result,
    payment_method: tryout.payment_method,
    payment_status: reportedStatus(tryout),
    // The team link is the selected players' only (spec §2 dashboard); with offers on (issue 45) it is the
    // accepted offer's, on the offer.
    teamsnap_link:
      tryout.result === 'selected' && !season.offers_enabled
        ? (season.teamsnap_links[tryout.age_group] ?? null)
        : null,
    age_group: tryout.age_group,
    ...amountsOf(tryout),
    sessions: sessionsOf(season.sessions, tryout.age_group),
    withdrawn: tryout.withdrawn === true,
    // Once a result is set, withdrawing is the club's to arrange (issue 36).
    withdrawal_open: tryout.withdrawn !== true && !tryout.result && withdrawalOpen(season, new Date()),
    refund_policy: season.refund_policy ?? '',
    ...supportAnswerField(tryout),
    ...etransferField(tryout, season),
  };
}

/**
 * The active season and the registration a signed-in call acts on: the caller's own (the spec's calls), or
 * that athlete's of the caller's household (the /household/tryouts/{athleteId} calls). 404 when either is
 * missing.
 */
export async function registrationOf(
  caller: AccessTokenClaims,
  athleteId?: string,
): Promise<{ season: seasonsTable.SeasonItem; tryout: RegistrationItem }> {
  const [season, playerId] = await Promise.all([
    seasonsTable.getActiveSeason(),
    playerIdOf(caller, athleteId),
  ]);
  const tryout = season ? await tryoutsTable.getTryout(season.id, playerId) : null;
  if (!season || !tryout) throw new NotFoundError(serverMessages.notRegistered);
  return { season, tryout };
}

/** Whether withdrawing is still open: until the season's first session starts (always, before any is set). */
export function withdrawalOpen(season: seasonsTable.SeasonItem, now: Date): boolean {
  const first = [...season.sessions].sort((a, b) => a.starts_at.localeCompare(b.starts_at))[0];
  return !first || now < sessionInstant(first.starts_at);
}

/** GET /tryouts/my: the caller's registration for the active season; 404 when there is none. */
export async function getMyTryout(caller: AccessTokenClaims): Promise<MyTryout> {
  const season = await seasonsTable.getActiveSeason();
  const tryout = season ? await tryoutsTable.getTryout(season.id, callerPlayerId(caller)) : null;
  // On its group's waitlist (issue 45): its place, kept current, and the spot held for it, if any.
  const waitlisted =
    season && !tryout
      ? (await waitlistedTryoutsOf(season, [callerPlayerId(caller)], new Date())).get(callerPlayerId(caller))
      : undefined;
  if (season && waitlisted) return waitlisted;
  if (!season || !tryout) throw new NotFoundError(serverMessages.notRegistered);
  return { ...toMyTryout(tryout, season), ...(await offerFieldOf(season, tryout)) };
}
