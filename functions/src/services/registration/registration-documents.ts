/**
 * The documents a registration gives its family: the calendar of its tryout sessions (from the dashboard, or
 * by the signed link in the confirmation mail) and the printable receipt once it is paid.
 */
import {
  apiPath,
  fieldMessages,
  serverMessages,
  sessionsOf,
  tryoutId,
  type AccessTokenClaims,
} from '@club/shared';
import * as seasonsTable from '../../db/seasons/seasons';
import * as tryoutsTable from '../../db/registration/registrations';
import * as usersTable from '../../db/accounts/users';
import type { RegistrationItem } from '../../db/registration/registration-item';
import { tryoutCalendar } from '../../calendar/tryout-calendar';
import { calendarLinkHolds, HOUSEHOLD_KEY, verifyCalendarKey } from '../../lib/calendar-link';
import { checkinCodeOf } from '../../lib/checkin-code';
import { getConfig } from '../../lib/config';
import { NotFoundError } from '../../lib/errors';
import { receiptPage } from '../../receipts/receipt-page';
import { receiptPdf } from '../../receipts/receipt-pdf';
import { familyOf } from '../households/households';
import { callerPlayerId } from './players';
import { refundsOf } from '../money/refunds';
import { registrationOf } from './my-registration';

/**
 * GET /tryouts/my/calendar.ics: the caller's tryout sessions for their age group in the active season, as
 * an iCalendar file (no events while the club has set none); 404 when the caller has not registered.
 */
export async function getMyCalendar(caller: AccessTokenClaims): Promise<string> {
  const season = await seasonsTable.getActiveSeason();
  const tryout = season ? await tryoutsTable.getTryout(season.id, callerPlayerId(caller)) : null;
  if (!season || !tryout) throw new NotFoundError(serverMessages.notRegistered);
  return calendarOf(tryout, season);
}

/**
 * GET /tryouts/calendar.ics?key=…: the calendar of the registration a confirmation mail's signed link names
 * (its season's sessions as they are now), or a family's subscription (a household key, issue 36). Any key that is not one of ours, altered or expired, and a
 * registration withdrawn or gone, is a 404 that says to use the dashboard.
 */
export async function getCalendarByLink(key: string): Promise<string> {
  const link = await verifyCalendarKey(key);
  const id = link?.subject;
  if (id?.startsWith(HOUSEHOLD_KEY)) {
    const accountId = id.slice(HOUSEHOLD_KEY.length);
    // Reset, the password changed, or the guardian left the household: the link is over (issue 42).
    const account = await usersTable.getUser(accountId);
    if (!account || !calendarLinkHolds(link!.holder, account)) {
      throw new NotFoundError(fieldMessages.calendarLinkInvalid);
    }
    return householdCalendar(accountId);
  }
  const ids = id ? tryoutId.parse(id) : null;
  const [season, tryout] = ids
    ? await Promise.all([
        seasonsTable.getSeason(ids.seasonId),
        tryoutsTable.getTryout(ids.seasonId, ids.playerId),
      ])
    : [null, null];
  if (!season || !tryout || tryout.withdrawn) throw new NotFoundError(fieldMessages.calendarLinkInvalid);
  return calendarOf(tryout, season);
}

/**
 * GET /tryouts/my/receipt: the receipt of the caller's paid registration in the active season, a printable
 * HTML page with its refunds; 404 when there is no registration or nothing was paid (cash still to bring,
 * a card not paid, free tryouts).
 */
export async function getMyReceipt(
  caller: AccessTokenClaims,
  athleteId?: string,
  now = new Date(),
): Promise<string> {
  return receiptPage(await receiptOf(caller, athleteId, now));
}

/** The same receipt as a PDF (issue 36: `?format=pdf`). */
export async function getMyReceiptPdf(caller: AccessTokenClaims, athleteId?: string): Promise<Uint8Array> {
  return receiptPdf(await receiptOf(caller, athleteId, new Date()));
}

/**
 * What a paid registration's receipt says (issue 36: one receipt per payment): a card payment's receipt has a
 * line for every registration of the household it paid (a family checkout), with the card, Stripe's payment
 * id, refunds and net; a cash payment's is its registration alone.
 */
export async function receiptOf(caller: AccessTokenClaims, athleteId: string | undefined, now: Date) {
  const { season, tryout } = await registrationOf(caller, athleteId);
  if (tryout.payment_status !== 'paid' || tryout.amount_cents === 0) {
    throw new NotFoundError(serverMessages.noReceipt);
  }
  const intent = tryout.payment_method === 'stripe' ? tryout.payment_intent_id : undefined;
  const paidTogether = intent
    ? (
        await tryoutsTable.getTryoutsOf(
          season.id,
          (await familyOf(caller)).players.map((p) => p.id),
        )
      ).filter((t) => t.payment_intent_id === intent && t.payment_status === 'paid')
    : [];
  const lines = (paidTogether.length ? paidTogether : [tryout]).sort(
    (a, b) => a.tryout_number - b.tryout_number,
  );
  const payer = await usersTable.getUser(tryout.user_id);
  return {
    receiptNumber: receiptNumberOf(lines[0]!),
    payerName: payer ? `${payer.first_name} ${payer.last_name}` : `${tryout.first_name} ${tryout.last_name}`,
    seasonName: season.name,
    lines: await Promise.all(
      lines.map(async (t) => ({
        athleteName: `${t.first_name} ${t.last_name}`,
        ageGroup: t.age_group,
        tryoutNumber: t.tryout_number,
        amountCents: t.amount_cents,
        ...(t.withdrawn ? {} : { checkinCode: await checkinCodeOf(t.id) }),
      })),
    ),
    method: tryout.payment_method,
    card:
      tryout.card_brand && tryout.card_last4
        ? { brand: tryout.card_brand, last4: tryout.card_last4 }
        : undefined,
    paymentId: intent,
    paidAt: tryout.paid_at ?? tryout.cash_collected_at ?? tryout.created_at,
    refunds: (await Promise.all(lines.map((t) => refundsOf(t)))).flat(),
    siteUrl: getConfig().SITE_URL,
    issuedAt: now,
    qrUrl: (code: string) => new URL(apiPath('getCheckinQr', { code }), getConfig().SITE_URL).toString(),
  };
}

/** A receipt's number: the season's short id and the tryout number, e.g. SB-3F1C2A9E-0012. */
export function receiptNumberOf(tryout: { season_id: string; tryout_number: number }): string {
  return `SB-${tryout.season_id.slice(0, 8).toUpperCase()}-${String(tryout.tryout_number).padStart(4, '0')}`;
}

function calendarOf(tryout: RegistrationItem, season: seasonsTable.SeasonItem): string {
  return tryoutCalendar({
    name: `${season.name}: ${tryout.age_group}`,
    seasonName: season.name,
    registrations: [
      {
        tryoutId: tryout.id,
        athleteName: null,
        ageGroup: tryout.age_group,
        tryoutNumber: tryout.tryout_number,
        sessions: sessionsOf(season.sessions, tryout.age_group),
      },
    ],
    siteUrl: getConfig().SITE_URL,
  });
}

/**
 * A family's calendar subscription (issue 36): every registration of the household of the account the key
 * names, in the active season, not withdrawn, each child's sessions named by first name. Read afresh at each
 * refresh, so a moved session moves on the phone, a withdrawn child's sessions leave it, a new one's arrive.
 */
async function householdCalendar(accountId: string): Promise<string> {
  const [season, family] = await Promise.all([
    seasonsTable.getActiveSeason(),
    familyOf({ sub: accountId } as AccessTokenClaims).catch(() => null),
  ]);
  if (!season || !family) throw new NotFoundError(fieldMessages.calendarLinkInvalid);
  const tryouts = await tryoutsTable.getTryoutsOf(
    season.id,
    family.players.map((p) => p.id),
  );
  return tryoutCalendar({
    name: `${season.name}: family tryouts`,
    seasonName: season.name,
    registrations: tryouts
      .filter((t) => !t.withdrawn)
      .sort((a, b) => a.tryout_number - b.tryout_number)
      .map((t) => ({
        tryoutId: t.id,
        athleteName: t.first_name,
        ageGroup: t.age_group,
        tryoutNumber: t.tryout_number,
        sessions: sessionsOf(season.sessions, t.age_group),
      })),
    siteUrl: getConfig().SITE_URL,
  });
}
