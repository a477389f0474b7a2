/**
 * A declined instalment's mail (issue 46): the sweep (or the webhook) that records the decline puts one
 * message on the family-mail queue, and the family-mail worker claims the instalment for that attempt
 * (db/money/instalments.ts claimDeclineMail: once per attempt) and sends it at the account's rate. A mail the
 * mail service held back gives the claim back and comes again.
 */
import * as instalmentsTable from '../../db/money/instalments';
import * as offersTable from '../../db/offers/offers';
import * as seasonsTable from '../../db/seasons/seasons';
import * as teamsTable from '../../db/teams/teams';
import * as usersTable from '../../db/accounts/users';
import * as tryoutsTable from '../../db/registration/registrations';
import { DEFAULT_INSTALMENT_RETRIES } from '@club/shared';
import { log } from '../../lib/log';
import { instalmentDeclinedMail } from '../../mail/instalment-mails';
import { takeSendSlot } from '../../mail/send-pacing';
import { sendMailOnce } from '../../mail/ses-sender';
import { enqueueFamilyMail, type InstalmentDeclinedMessage } from '../../queue/family-mail-queue';
import { CLAIM_BUDGET_MS } from './result-mail';

/** Queues the mail about an instalment's declined attempt; the worker's claim makes a second message harmless. */
export async function mailInstalmentDeclineOnce(
  item: Pick<
    instalmentsTable.InstalmentItem,
    'season_id' | 'player_id' | 'n' | 'attempts' | 'mailed_attempt'
  >,
): Promise<void> {
  if ((item.mailed_attempt ?? 0) >= item.attempts) return;
  const queued = await enqueueFamilyMail({
    kind: 'instalment_declined',
    season_id: item.season_id,
    player_id: item.player_id,
    n: item.n,
    attempt: item.attempts,
  });
  if (!queued) log.error('instalment decline mail not queued');
}

/**
 * The family-mail worker's step for one decline: a sending slot, the claim (none: mailed already, or the
 * instalment moved on), the send. 'retry' hands the message back with the claim given back.
 */
export async function deliverQueuedInstalmentDecline(
  message: InstalmentDeclinedMessage,
  deadline: number,
): Promise<'done' | 'retry'> {
  if (!(await takeSendSlot(deadline - CLAIM_BUDGET_MS))) return 'retry';
  const item = await instalmentsTable.claimDeclineMail(
    message.season_id,
    message.player_id,
    message.n,
    message.attempt,
  );
  if (!item) return 'done';
  const giveBack = () =>
    instalmentsTable.releaseDeclineMail(item.season_id, item.player_id, item.n, message.attempt);
  let mail;
  try {
    const [season, offer, tryout] = await Promise.all([
      seasonsTable.getSeason(item.season_id),
      offersTable.getOffer(item.season_id, item.player_id),
      tryoutsTable.getTryout(item.season_id, item.player_id),
    ]);
    const team = offer ? await teamsTable.getTeam(offer.team_id) : null;
    const account = tryout ? await usersTable.getUser(tryout.user_id) : null;
    if (!season || !offer || !team || !tryout || !account) return 'done';
    const retries = team.instalment_retries ?? DEFAULT_INSTALMENT_RETRIES;
    mail = instalmentDeclinedMail({
      to: tryout.email,
      firstName: account.first_name,
      athleteName: tryout.player_id === tryout.user_id ? null : tryout.first_name,
      teamName: team.name,
      seasonName: season.name,
      n: item.n,
      count: offer.fee_plan?.amounts.length ?? item.n,
      amountCents: item.amount_cents,
      dueDate: item.due_date,
      reason: item.declined_reason ?? 'other',
      retrying: item.attempts <= retries,
    });
  } catch (error) {
    await giveBack();
    throw error;
  }
  const delivery = await sendMailOnce(mail);
  if (delivery.outcome === 'sent') {
    log.info('instalment decline mail sent', { offerId: item.offer_id, n: item.n });
    return 'done';
  }
  if (delivery.outcome === 'retry') {
    await giveBack();
    return 'retry';
  }
  log.error('instalment decline mail not sent', { offerId: item.offer_id, outcome: delivery.outcome });
  return 'done';
}
