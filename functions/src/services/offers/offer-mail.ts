/**
 * The offers' mail to families (issue 45): queued on the result-mail queue (ids only), sent by its worker at
 * the mail service's rate, once per family and offer round (a family notice claimed by a condition), so a
 * publish run twice, a message delivered twice, or two workers given it send one mail each.
 */
import { normaliseEmail, offerId as offerIds } from '@club/shared';
import { getOffer } from '../../db/offers/offers';
import * as tryoutsTable from '../../db/registration/registrations';
import type { RegistrationItem } from '../../db/registration/registration-item';
import type * as seasonsTable from '../../db/seasons/seasons';
import { getTeam } from '../../db/teams/teams';
import { placementsOfSeason } from '../../db/teams/placements';
import { log } from '../../lib/log';
import { alternateMail, offerMail } from '../../mail/offer-mails';
import { enqueueResultMails, type OfferMailMessage } from '../../queue/result-mail-queue';
import { mailFamilyNoticeOnce, seasonOnce } from '../mail/family-notice-mail';
import { teamId as teamIds } from '@club/shared';

/** Every guardian of the registration's athlete, once each (addresses compared trimmed, lower-cased). */
export function recipientsOf(row: RegistrationItem): string[] {
  const seen = new Map<string, string>();
  for (const g of tryoutsTable.guardiansOfRow(row)) seen.set(normaliseEmail(g.email), g.email);
  return [...seen.values()];
}

/** "Priya", "Priya and Sam": the first names of the row's guardians. */
function greetingOf(row: RegistrationItem): string {
  const names = [
    ...new Set(tryoutsTable.guardiansOfRow(row).map((g) => g.name.trim().split(/\s+/)[0] ?? '')),
  ].filter(Boolean);
  return names.length
    ? new Intl.ListFormat('en-CA', { type: 'conjunction' }).format(names).replace(/, and /, ' and ')
    : row.first_name;
}

/** Puts the offers' mail on the queue; never throws (a message not queued is queued again by the sweep). */
export async function queueOfferMails(messages: readonly OfferMailMessage[]): Promise<number> {
  if (!messages.length) return 0;
  try {
    return await enqueueResultMails(messages);
  } catch (error) {
    log.error('offer mails not queued', { error: error instanceof Error ? error.name : 'unknown' });
    return 0;
  }
}

/**
 * The worker's step for one offer or alternate message: the mail written from the offer (still of that
 * round), its team and registration as they are now, sent once per round and family. An offer no longer of
 * that round, or an alternate now offered or gone from the list, is dropped ('done').
 */
export async function deliverOfferMail(
  message: OfferMailMessage,
  seasons: Map<string, Promise<seasonsTable.SeasonItem | null>>,
): Promise<'done' | 'retry'> {
  const season = await seasonOnce(seasons, message.season_id);
  const tryout = await tryoutsTable.getTryout(message.season_id, message.player_id);
  if (!season || !tryout || tryout.withdrawn) return 'done';
  const facts = {
    to: recipientsOf(tryout),
    greeting: greetingOf(tryout),
    athleteName: tryout.player_id === tryout.user_id ? null : tryout.first_name,
    seasonName: season.name,
  };
  if (message.kind === 'offer') {
    const offer = await getOffer(message.season_id, message.player_id);
    if (!offer || offer.round !== message.round || offer.state !== 'offered') return 'done';
    const team = await getTeam(offer.team_id);
    if (!team) return 'done';
    const sent = await mailFamilyNoticeOnce({
      noticeId: `offer.${offer.id}.${offer.round}`,
      accountId: tryout.user_id,
      now: new Date(),
      write: async () =>
        offerMail({
          ...facts,
          teamName: team.name,
          coachName: team.coach_name,
          feeCents: offer.fee_cents,
          respondBy: offer.respond_by,
        }),
    });
    if (sent.outcome) log.info('offer mail sent', { offerId: offer.id, outcome: sent.outcome });
    return sent.result;
  }
  const placement = (await placementsOfSeason(message.season_id)).find(
    (p) => p.player_id === message.player_id && p.kind === 'alternate',
  );
  if (!placement) return 'done';
  const team = await getTeam(teamIds.of(message.season_id, placement.team_uuid));
  if (!team) return 'done';
  const sent = await mailFamilyNoticeOnce({
    noticeId: `alternate.${offerIds.of(message.season_id, message.player_id)}`,
    accountId: tryout.user_id,
    now: new Date(),
    write: async () => alternateMail({ ...facts, teamName: team.name }),
  });
  if (sent.outcome) log.info('alternate mail sent', { seasonId: message.season_id, outcome: sent.outcome });
  return sent.result;
}
