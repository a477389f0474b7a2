/**
 * The registration's confirmation mail (issue 15): sent once the registration is complete, which is at once
 * for cash (and free tryouts), and when the card payment lands for a card (the webhook or the family's return
 * from checkout, whichever comes first). The call queues it and the family-mail worker sends it, paced at
 * the account's rate (issue 43). One conditional claim on the registration makes it once; a mail the mail
 * service held back gives the claim back and comes again. It never fails the call it rides on: the
 * registration or payment stands, and the dashboard shows everything the mail says.
 */
import { apiPath, ownPlayerId, serverMessages, sessionsOf, type CalendarLinkAnswer } from '@club/shared';
import type { RegistrationItem } from '../../db/registration/registration-item';
import * as users from '../../db/accounts/users';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutNumbers from '../../db/registration/tryout-numbers';
import * as tryoutsTable from '../../db/registration/registrations';
import { HOUSEHOLD_KEY, signCalendarKey } from '../../lib/calendar-link';
import { NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { checkinQrUrl } from '../tryout-night/checkin-codes';
import { siteLink } from '../../mail/layout';
import { confirmationMail, householdConfirmationMail } from '../../mail/registration-mails';
import { takeSendSlot } from '../../mail/send-pacing';
import { sendMailOnce } from '../../mail/ses-sender';
import {
  CONFIRMATION_MAX_ROWS,
  CONFIRMATION_MAX_WAITS,
  enqueueFamilyMail,
  type ConfirmationMessage,
} from '../../queue/family-mail-queue';
import { CLAIM_BUDGET_MS } from './result-mail';

/** A confirmation message's schema, for the worker that parses what the queue delivers. */
export { ConfirmationMessageSchema, FamilyMailMessageSchema } from '../../queue/family-mail-queue';

/** The signed link to a registration's sessions as a calendar file (GET /tryouts/calendar.ics?key=…). */
export async function calendarLinkOf(tryoutId: string): Promise<string> {
  return siteLink(apiPath('getCalendarByLink'), { key: await signCalendarKey(tryoutId) });
}

/**
 * A family's calendar subscription (issue 36): `webcal://` to the household feed of the account, which a
 * phone adds as a calendar it reads again by itself.
 */
export async function householdCalendarLinkOf(accountId: string): Promise<string> {
  return (await householdCalendarLinks(accountId)).subscribe_url;
}

/**
 * GET /household/calendar-link: the feed of the caller's household, to subscribe to or download. The link
 * holds while the account's calendar secret, password and household stay as they are (issue 42).
 */
export async function householdCalendarLinks(
  accountId: string,
  account?: users.UserItem,
): Promise<CalendarLinkAnswer> {
  const holder = account ?? (await users.getUser(accountId));
  if (!holder) throw new NotFoundError(serverMessages.accountNotFound);
  const https = siteLink(apiPath('getCalendarByLink'), {
    key: await signCalendarKey(HOUSEHOLD_KEY + accountId, Date.now(), {
      calendar_version: holder.calendar_version ?? 0,
      password_version: holder.passwordVersion,
      household_id: holder.household_id ?? '',
    }),
  });
  return { subscribe_url: https.replace(/^https?:/, 'webcal:'), download_url: https };
}

/**
 * POST /household/calendar-link/reset (issue 42): a new secret for the family's calendar link; the old
 * link, wherever it was copied, serves no more. Answers the new links.
 */
export async function resetHouseholdCalendarLink(accountId: string): Promise<CalendarLinkAnswer> {
  const account = await users.renewCalendarVersion(accountId);
  if (!account) throw new NotFoundError(serverMessages.accountNotFound);
  log.info('calendar link reset');
  return householdCalendarLinks(accountId, account);
}

type Registration = { season_id: string; player_id: string; confirmation_mailed_at?: string };

/**
 * Mails the confirmation of registrations completed together (a household's, made or paid at once), once per
 * registration. The call that completed them only puts one message on the family-mail queue, after its
 * writes, and never fails for it: the family-mail worker claims each registration by a condition and sends
 * the claimed ones in one mail at the account's sending rate (deliverQueuedConfirmation). A player's own
 * registration alone gets the player's mail; a household's greets the guardian who registered and names
 * every child (issue 36).
 *
 * If the message cannot be queued (three tries), the rows stay unclaimed and the next chance mails them:
 * every path that completes a registration calls this again when it meets the registration again (Stripe's
 * webhook, redelivered until answered, and the family's return from checkout for a card; the door's
 * walk-up for anyone who comes to tryouts), and the worker's claim makes a second message harmless.
 * `season` is accepted for the callers' sake; the worker reads the season as it is when it sends.
 */
export async function mailConfirmationOnce(
  registrations: Registration | readonly Registration[],
  season?: seasonsTable.SeasonItem,
  /**
   * Sent after this long: registrations written but still waiting for their tryout number, so the message
   * finds them numbered (docs/decisions/0067-numbers-given-in-batches.md).
   */
  delaySeconds = 0,
): Promise<void> {
  void season;
  const open = [registrations].flat().filter((r) => !r.confirmation_mailed_at);
  const bySeason = new Map<string, string[]>();
  for (const r of open) bySeason.set(r.season_id, [...(bySeason.get(r.season_id) ?? []), r.player_id]);
  for (const [seasonId, playerIds] of bySeason) {
    for (let i = 0; i < playerIds.length; i += CONFIRMATION_MAX_ROWS) {
      const message = {
        kind: 'confirmation' as const,
        season_id: seasonId,
        player_ids: playerIds.slice(i, i + CONFIRMATION_MAX_ROWS),
      };
      if (!(await enqueueFamilyMail(message, delaySeconds))) {
        log.error('confirmation mail not queued; the next chance mails it', {
          count: message.player_ids.length,
        });
      }
    }
  }
}

export type QueuedConfirmationOutcome = 'done' | 'retry';

/** How long a confirmation naming a registration still waiting for its number waits before looking again. */
export const NUMBER_WAIT_S = 5;

/**
 * The family-mail worker's step for one confirmation message: waits for a sending slot (shared with every
 * mail worker of the process), claims the registrations (none left to claim: a redelivered message, or
 * mailed already: nothing to do), and sends once. 'retry' hands the message back to the queue with the
 * claims given back: out of time before a slot, the mail service asked to slow down or could not be
 * reached, or the mail could not be written. An answer that never came (the mail may have gone) keeps the
 * claims: never twice, and the dashboard shows everything the mail says. `deadline`: epoch ms.
 */
export async function deliverQueuedConfirmation(
  message: ConfirmationMessage,
  deadline: number,
): Promise<QueuedConfirmationOutcome> {
  // One of them still waits for its tryout number (registration night, issue 43): the mail waits with it,
  // whole, so a household is mailed once with every number. It comes back in moments, as a new message.
  if (await tryoutNumbers.anyWaiting(message.season_id, message.player_ids)) {
    const waited = (message.waited ?? 0) + 1;
    if (waited > CONFIRMATION_MAX_WAITS) return 'retry';
    return (await enqueueFamilyMail({ ...message, waited }, NUMBER_WAIT_S)) ? 'done' : 'retry';
  }
  if (!(await takeSendSlot(deadline - CLAIM_BUDGET_MS))) return 'retry';
  const now = new Date();
  // All of them at once: a second message naming the same household (the sweep's, a card's webhook and its
  // return) handed over at the same moment finds them claimed, so the household is never split in two mails.
  const claimed = await tryoutsTable.claimConfirmationMails(message.season_id, message.player_ids, now);
  if (!claimed.length) return 'done';
  const giveBack = () =>
    Promise.all(
      claimed.map((t) => tryoutsTable.releaseConfirmationMail(t.season_id, t.player_id, now.toISOString())),
    );
  const tryoutIds = claimed.map((t) => t.id).join(',');
  let mail;
  try {
    const season = await seasonsTable.getSeason(message.season_id);
    if (!season) return 'done';
    mail = await confirmationOf(claimed, season);
  } catch (error) {
    await giveBack();
    throw error;
  }
  const delivery = await sendMailOnce(mail);
  if (delivery.outcome === 'sent') {
    log.info('confirmation mail sent', { tryoutIds });
    return 'done';
  }
  if (delivery.outcome === 'retry') {
    log.warn('confirmation mail held back; it comes again', { tryoutIds, reason: delivery.reason });
    await giveBack();
    return 'retry';
  }
  log.error('confirmation mail not sent', { tryoutIds, outcome: delivery.outcome, reason: delivery.reason });
  return 'done';
}

/** When the registration was paid: by card, or (a walk-up at the door, issue 37) in cash before the mail. */
function paidAtOf(tryout: RegistrationItem): { paidAt?: string } {
  const at = tryout.paid_at ?? tryout.cash_collected_at ?? tryout.etransfer_paid_at;
  return at ? { paidAt: at } : {};
}

async function confirmationOf(claimed: RegistrationItem[], season: seasonsTable.SeasonItem) {
  const first = claimed[0]!;
  const own = (t: RegistrationItem) => t.player_id === ownPlayerId(t.user_id);
  if (claimed.length === 1 && own(first)) {
    return confirmationMail({
      to: first.email,
      firstName: first.first_name,
      seasonName: season.name,
      ageGroup: first.age_group,
      tryoutNumber: first.tryout_number,
      sessions: sessionsOf(season.sessions, first.age_group),
      method: first.payment_method,
      amountCents: first.amount_cents,
      ...paidAtOf(first),
      calendarUrl: await calendarLinkOf(first.id),
      checkinQrUrl: await checkinQrUrl(first.id),
      ...etransferOf(first, season),
    });
  }
  // The guardian who registered, by their own first name (the account may be gone: then no name).
  const guardian = await users.getUser(first.user_id);
  const athletes = await Promise.all(
    [...claimed]
      .sort((a, b) => a.tryout_number - b.tryout_number)
      .map(async (t) => ({
        firstName: own(t) ? null : t.first_name,
        ageGroup: t.age_group,
        tryoutNumber: t.tryout_number,
        sessions: sessionsOf(season.sessions, t.age_group),
        amountCents: t.amount_cents,
        calendarUrl: await calendarLinkOf(t.id),
        checkinQrUrl: await checkinQrUrl(t.id),
        ...(t.etransfer_reference ? { etransferReference: t.etransfer_reference } : {}),
      })),
  );
  return householdConfirmationMail({
    to: first.email,
    subscribeUrl: await householdCalendarLinkOf(first.user_id),
    guardianFirstName: guardian?.first_name ?? 'there',
    seasonName: season.name,
    athletes,
    method: first.payment_method,
    ...paidAtOf(first),
    ...(first.payment_method === 'etransfer' && season.etransfer?.address
      ? { etransferAddress: season.etransfer.address }
      : {}),
  });
}

/** What an Interac e-Transfer registration's mail tells the family to send (issue 46), while it is awaited. */
function etransferOf(tryout: RegistrationItem, season: seasonsTable.SeasonItem) {
  const address = season.etransfer?.address;
  return tryout.payment_method === 'etransfer' && tryout.etransfer_reference && address
    ? { etransfer: { address, reference: tryout.etransfer_reference } }
    : {};
}
