/**
 * A team fee's confirmation mail (issue 45 §4): once the fee is paid (the webhook, the family's return from
 * checkout, or the admin marking cash collected) the call puts one message on the family-mail queue, and the
 * family-mail worker claims the offer by a condition (once per payment) and sends it at the account's rate.
 * A mail the mail service held back gives the claim back and comes again; it never fails the call it rides on.
 */
import * as usersTable from '../../db/accounts/users';
import * as teamFees from '../../db/money/team-fees';
import * as seasonsTable from '../../db/seasons/seasons';
import * as teamsTable from '../../db/teams/teams';
import * as tryoutsTable from '../../db/registration/registrations';
import { log } from '../../lib/log';
import { takeSendSlot } from '../../mail/send-pacing';
import { sendMailOnce } from '../../mail/ses-sender';
import { teamFeePaidMail } from '../../mail/team-fee-mails';
import { enqueueFamilyMail, type TeamFeePaidMessage } from '../../queue/family-mail-queue';
import { CLAIM_BUDGET_MS } from './result-mail';

/** Queues the paid fee's confirmation; the worker's claim makes a second message harmless. */
export async function mailTeamFeeConfirmationOnce(offer: {
  season_id: string;
  player_id: string;
  fee_mailed_at?: string;
}): Promise<void> {
  if (offer.fee_mailed_at) return;
  const queued = await enqueueFamilyMail({
    kind: 'team_fee_paid',
    season_id: offer.season_id,
    player_id: offer.player_id,
  });
  if (!queued) log.error('team fee confirmation not queued; the next chance mails it');
}

/**
 * The family-mail worker's step for one team fee message: a sending slot, the claim (none: mailed already,
 * or not paid), the send. 'retry' hands the message back with the claim given back.
 */
export async function deliverQueuedTeamFeeConfirmation(
  message: TeamFeePaidMessage,
  deadline: number,
): Promise<'done' | 'retry'> {
  if (!(await takeSendSlot(deadline - CLAIM_BUDGET_MS))) return 'retry';
  const now = new Date();
  const offer = await teamFees.claimTeamFeeMail(message.season_id, message.player_id, now);
  if (!offer) return 'done';
  const giveBack = () => teamFees.releaseTeamFeeMail(offer.season_id, offer.player_id, now.toISOString());
  let mail;
  try {
    const [season, team, tryout] = await Promise.all([
      seasonsTable.getSeason(offer.season_id),
      teamsTable.getTeam(offer.team_id),
      tryoutsTable.getTryout(offer.season_id, offer.player_id),
    ]);
    const account = tryout ? await usersTable.getUser(tryout.user_id) : null;
    if (!season || !team || !tryout || !account) return 'done';
    mail = teamFeePaidMail({
      to: tryout.email,
      firstName: account.first_name,
      athleteName: tryout.player_id === tryout.user_id ? null : tryout.first_name,
      teamName: team.name,
      seasonName: season.name,
      amountCents: offer.fee_cents,
      method: offer.fee_method ?? 'stripe',
      paidAt: offer.fee_paid_at ?? now.toISOString(),
    });
  } catch (error) {
    await giveBack();
    throw error;
  }
  const delivery = await sendMailOnce(mail);
  if (delivery.outcome === 'sent') {
    log.info('team fee confirmation sent', { offerId: offer.id });
    return 'done';
  }
  if (delivery.outcome === 'retry') {
    await giveBack();
    return 'retry';
  }
  log.error('team fee confirmation not sent', { offerId: offer.id, outcome: delivery.outcome });
  return 'done';
}
