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
import { DEFAULT_INSTALMENT_RETRIES, isRetriedDecline } from '@club/shared';
import { log } from '../../lib/log';
import { instalmentDeclinedMail, instalmentPaidMail } from '../../mail/instalment-mails';
import { takeSendSlot } from '../../mail/send-pacing';
import { sendMailOnce } from '../../mail/ses-sender';
import type { TeamFeeOffer } from '../../db/money/team-fees';
import { paymentCardOf } from '../../payments/refunds';
import {
  enqueueFamilyMail,
  type InstalmentDeclinedMessage,
  type InstalmentPaidMessage,
} from '../../queue/family-mail-queue';
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
      retrying: item.attempts <= retries && isRetriedDecline(item.declined_reason),
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

/**
 * Queues the mail telling instalment n paid (the first at its checkout, a later one charged, told by Stripe or
 * paid from its link); the worker's claim (once per instalment) makes a second message harmless.
 */
export async function mailInstalmentPaidOnce(seasonId: string, playerId: string, n: number): Promise<void> {
  const queued = await enqueueFamilyMail({
    kind: 'instalment_paid',
    season_id: seasonId,
    player_id: playerId,
    n,
  });
  if (!queued) log.error('instalment paid mail not queued');
}

/** The card a payment was made with, for the mail; best effort (the mail goes without it). */
async function last4Of(paymentIntentId: string | undefined): Promise<string | null> {
  if (!paymentIntentId) return null;
  try {
    return (await paymentCardOf(paymentIntentId))?.last4 ?? null;
  } catch (error) {
    log.warn('card of an instalment not read', { error: error instanceof Error ? error.name : 'unknown' });
    return null;
  }
}

/**
 * The family-mail worker's step for one paid instalment: a sending slot, the claim (on the instalment, or for
 * the first on the offer; none: mailed already), the send. 'retry' hands the message back with the claim
 * given back.
 */
export async function deliverQueuedInstalmentPaid(
  message: InstalmentPaidMessage,
  deadline: number,
): Promise<'done' | 'retry'> {
  if (!(await takeSendSlot(deadline - CLAIM_BUDGET_MS))) return 'retry';
  const { season_id: seasonId, player_id: playerId, n } = message;
  const now = new Date();
  const claimedAt = now.toISOString();
  let item: instalmentsTable.InstalmentItem | null = null;
  if (n === 1) {
    if (!(await instalmentsTable.claimFirstPaidMail(seasonId, playerId, now))) return 'done';
  } else {
    item = await instalmentsTable.claimPaidMail(seasonId, playerId, n, now);
    if (!item) return 'done';
  }
  const giveBack = () =>
    item
      ? instalmentsTable.releasePaidMail(seasonId, playerId, n, claimedAt)
      : instalmentsTable.releaseFirstPaidMail(seasonId, playerId, claimedAt);
  let mail;
  try {
    const [season, offer, tryout] = await Promise.all([
      seasonsTable.getSeason(seasonId),
      offersTable.getOffer(seasonId, playerId) as Promise<TeamFeeOffer | null>,
      tryoutsTable.getTryout(seasonId, playerId),
    ]);
    const plan = offer?.fee_plan;
    const team = offer ? await teamsTable.getTeam(offer.team_id) : null;
    const account = tryout ? await usersTable.getUser(tryout.user_id) : null;
    if (!season || !offer || !plan || !team || !tryout || !account) return 'done';
    const paidAt = item ? (item.paid_at ?? claimedAt) : (offer.fee_paid_at ?? claimedAt);
    const cardLast4 = item ? await last4Of(item.payment_intent_id) : (offer.fee_card_last4 ?? null);
    const nextAmount = plan.amounts[n];
    const nextDue = plan.due_dates[n - 1];
    mail = instalmentPaidMail({
      to: tryout.email,
      firstName: account.first_name,
      athleteName: tryout.player_id === tryout.user_id ? null : tryout.first_name,
      teamName: team.name,
      seasonName: season.name,
      n,
      count: plan.amounts.length,
      amountCents: item ? item.amount_cents : (plan.amounts[0] ?? offer.fee_cents),
      paidAt,
      cardLast4,
      next: nextAmount !== undefined && nextDue ? { amountCents: nextAmount, dueDate: nextDue } : null,
    });
  } catch (error) {
    await giveBack();
    throw error;
  }
  const delivery = await sendMailOnce(mail);
  if (delivery.outcome === 'sent') {
    log.info('instalment paid mail sent', { seasonId, n });
    return 'done';
  }
  if (delivery.outcome === 'retry') {
    await giveBack();
    return 'retry';
  }
  log.error('instalment paid mail not sent', { seasonId, n, outcome: delivery.outcome });
  return 'done';
}
