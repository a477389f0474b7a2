/**
 * The registration's confirmation mail (issue 15): sent once the registration is complete, which is at once
 * for cash (and free tryouts), and when the card payment lands for a card (the webhook or the family's return
 * from checkout, whichever comes first). One conditional claim on the registration makes it once; a mail
 * that could not be sent gives the claim back for the next chance. It never fails the call it rides on: the
 * registration or payment stands, and the dashboard shows everything the mail says.
 */
import { apiPath, sessionsOf } from '@club/shared';
import * as seasonsTable from '../db/seasons';
import * as tryoutsTable from '../db/tryouts';
import { signCalendarKey } from '../lib/calendar-link';
import { log } from '../lib/log';
import { siteLink } from '../mail/layout';
import { confirmationMail } from '../mail/registration-mails';
import { sendMail } from '../mail/ses-sender';

/** The signed link to a registration's sessions as a calendar file (GET /tryouts/calendar.ics?key=…). */
export async function calendarLinkOf(tryoutId: string): Promise<string> {
  return siteLink(apiPath('getCalendarByLink'), { key: await signCalendarKey(tryoutId) });
}

export async function mailConfirmationOnce(
  registration: { season_id: string; player_id: string },
  season?: seasonsTable.SeasonItem,
): Promise<void> {
  const now = new Date();
  const claimed = await tryoutsTable
    .claimConfirmationMail(registration.season_id, registration.player_id, now)
    .catch((error: unknown) => {
      log.error('confirmation mail could not be claimed', {
        error: error instanceof Error ? error.name : 'unknown',
      });
      return null;
    });
  if (!claimed) return;
  try {
    const current = season ?? (await seasonsTable.getSeason(claimed.season_id));
    if (!current) return;
    await sendMail(
      confirmationMail({
        to: claimed.email,
        firstName: claimed.first_name,
        seasonName: current.name,
        ageGroup: claimed.age_group,
        tryoutNumber: claimed.tryout_number,
        sessions: sessionsOf(current.sessions, claimed.age_group),
        method: claimed.payment_method,
        amountCents: claimed.amount_cents,
        ...(claimed.paid_at ? { paidAt: claimed.paid_at } : {}),
        calendarUrl: await calendarLinkOf(claimed.id),
      }),
    );
    log.info('confirmation mail sent', { tryoutId: claimed.id });
  } catch (error) {
    log.error('confirmation mail not sent; the next chance mails it', {
      tryoutId: claimed.id,
      error: error instanceof Error ? error.name : 'unknown',
    });
    await tryoutsTable
      .releaseConfirmationMail(claimed.season_id, claimed.player_id, now.toISOString())
      .catch(() => undefined);
  }
}
