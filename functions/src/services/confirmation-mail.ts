/**
 * The registration's confirmation mail (issue 15): sent once the registration is complete, which is at once
 * for cash (and free tryouts), and when the card payment lands for a card (the webhook or the family's return
 * from checkout, whichever comes first). One conditional claim on the registration makes it once; a mail
 * that could not be sent gives the claim back for the next chance. It never fails the call it rides on: the
 * registration or payment stands, and the dashboard shows everything the mail says.
 */
import { apiPath, ownPlayerId, serverMessages, sessionsOf, type CalendarLinkAnswer } from '@club/shared';
import type { TryoutItem } from '../db/tryout-item';
import * as users from '../db/users';
import * as seasonsTable from '../db/seasons';
import * as tryoutsTable from '../db/tryouts';
import { HOUSEHOLD_KEY, signCalendarKey } from '../lib/calendar-link';
import { NotFoundError } from '../lib/errors';
import { log } from '../lib/log';
import { checkinQrUrl } from './checkin-codes';
import { siteLink } from '../mail/layout';
import { confirmationMail, householdConfirmationMail } from '../mail/registration-mails';
import { sendMail } from '../mail/ses-sender';

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

type Registration = { season_id: string; player_id: string };

/**
 * Mails the confirmation of registrations completed together (a household's, made or paid at once), once per
 * registration: each is claimed by a condition, and the claimed ones go in one mail. A player's own
 * registration alone gets the player's mail as before; a household's greets the guardian who registered and
 * names every child (issue 36).
 */
export async function mailConfirmationOnce(
  registrations: Registration | readonly Registration[],
  season?: seasonsTable.SeasonItem,
): Promise<void> {
  const now = new Date();
  const claimed: TryoutItem[] = [];
  for (const registration of [registrations].flat()) {
    const item = await tryoutsTable
      .claimConfirmationMail(registration.season_id, registration.player_id, now)
      .catch((error: unknown) => {
        log.error('confirmation mail could not be claimed', {
          error: error instanceof Error ? error.name : 'unknown',
        });
        return null;
      });
    if (item) claimed.push(item);
  }
  if (!claimed.length) return;
  try {
    const current = season ?? (await seasonsTable.getSeason(claimed[0]!.season_id));
    if (!current) return;
    await sendMail(await confirmationOf(claimed, current));
    log.info('confirmation mail sent', { tryoutIds: claimed.map((t) => t.id).join(',') });
  } catch (error) {
    log.error('confirmation mail not sent; the next chance mails it', {
      tryoutIds: claimed.map((t) => t.id).join(','),
      error: error instanceof Error ? error.name : 'unknown',
    });
    for (const t of claimed) {
      await tryoutsTable
        .releaseConfirmationMail(t.season_id, t.player_id, now.toISOString())
        .catch(() => undefined);
    }
  }
}

/** When the registration was paid: by card, or (a walk-up at the door, issue 37) in cash before the mail. */
function paidAtOf(tryout: TryoutItem): { paidAt?: string } {
  const at = tryout.paid_at ?? tryout.cash_collected_at;
  return at ? { paidAt: at } : {};
}

async function confirmationOf(claimed: TryoutItem[], season: seasonsTable.SeasonItem) {
  const first = claimed[0]!;
  const own = (t: TryoutItem) => t.player_id === ownPlayerId(t.user_id);
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
  });
}
