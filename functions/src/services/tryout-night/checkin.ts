/**
 * Tryout night at the door (issue 37): tonight's sessions and the players of their groups, checking a player
 * in (and taking their cash) by a tap, a scanned QR code or a typed number. A check-in helper sees number,
 * name, group, session, payment and the medical/photo flags, never a birth date, phone, address or contact.
 */
import {
  amountsOf,
  reportedStatus,
  serverMessages,
  todayInClubZone,
  sessionInstant,
  tryoutId as tryoutIds,
  type CheckinInput,
  type CheckinPlayer,
  type ScanAnswer,
  type TonightAnswer,
  type TonightSession,
} from '@club/shared';
import type { AuditBy } from '../../db/platform/audit';
import { alreadyAsAsked, checkInAtDoorIfChanged, findTryoutByNumber } from '../../db/tryout-night/check-ins';
import { getSeasonWithTryouts } from '../../db/seasons/season-partition';
import { getActiveSeasonId, getSeason, type SeasonItem } from '../../db/seasons/seasons';
import type { RegistrationItem } from '../../db/registration/registration-item';
import * as tryoutsTable from '../../db/registration/registrations';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { readCheckinCode } from '../../lib/checkin-code';
import { log } from '../../lib/log';
import type { HelperAccess } from '../platform/access';

/** A helper working the door, as the author of a change made now. */
export function byHelper(helper: HelperAccess, now: Date = new Date()): AuditBy {
  return { actorId: helper.userId, actorName: helper.name, now };
}

/** Tonight's tryout sessions (Edmonton's date): the sessions a door checks players in for. */
export function sessionsOn(season: SeasonItem, day: string): TonightSession[] {
  return season.sessions
    .filter((s) => s.kind === 'tryout' && s.starts_at.slice(0, 10) === day)
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at))
    .map((s) => ({
      id: s.id ?? s.starts_at,
      kind: s.kind,
      age_groups: s.age_groups,
      starts_at: s.starts_at,
      ends_at: s.ends_at,
      location: s.location,
    }));
}

/** A registration as the door sees it. */
export function doorView(tryout: RegistrationItem, sessions: readonly TonightSession[]): CheckinPlayer {
  const cashTaken = tryout.payment_method === 'cash' && tryout.cash_collected_at !== undefined;
  return {
    id: tryout.id,
    tryout_number: tryout.tryout_number,
    first_name: tryout.first_name,
    last_name: tryout.last_name,
    age_group: tryout.age_group,
    session_ids: sessions.filter((s) => s.age_groups.includes(tryout.age_group)).map((s) => s.id),
    payment_method: tryout.payment_method,
    payment_status: reportedStatus(tryout),
    amount_due_cents: tryout.withdrawn ? 0 : amountsOf(tryout).amount_due_cents,
    attended: tryout.attended,
    checked_in_at: tryout.checked_in_at ?? null,
    cash_taken_at: cashTaken ? tryout.cash_collected_at! : null,
    cash_taken_cents: cashTaken ? tryout.amount_cents : 0,
    withdrawn: tryout.withdrawn === true,
    medical: Boolean(tryout.medical_notes),
    // Photos only when the family ticked the box: a box left unticked reads "No photos" (not answered is no).
    photo_consent: tryout.photo_consent === true,
  };
}

/**
 * GET /checkin/{seasonId}/tonight: today's sessions with the players registered in their groups, by number;
 * withdrawn ones shown as such. The counts are of tonight's players: in, expected (not withdrawn), and the
 * cash taken today.
 */
export async function tonight(seasonId: string, now: Date = new Date()): Promise<TonightAnswer> {
  const { season, tryouts } = await getSeasonWithTryouts(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  const date = todayInClubZone(now);
  const sessions = sessionsOn(season, date);
  const groups = new Set(sessions.flatMap((s) => s.age_groups));
  const players = tryouts.filter((t) => groups.has(t.age_group)).map((t) => doorView(t, sessions));
  const cashToday = tryouts.filter(
    (t) =>
      t.payment_method === 'cash' &&
      t.cash_collected_at !== undefined &&
      todayInClubZone(new Date(t.cash_collected_at)) === date,
  );
  return {
    season_id: season.id,
    season_name: season.name,
    date,
    day_started_at: sessionInstant(`${date}T00:00`).toISOString(),
    sessions,
    players,
    counts: {
      checked_in: players.filter((p) => p.attended && !p.withdrawn).length,
      expected: players.filter((p) => !p.withdrawn).length,
      cash_taken_cents: cashToday.reduce((sum, t) => sum + t.amount_cents, 0),
    },
    walk_up: {
      open: season.is_registration_open && (await getActiveSeasonId()) === season.id,
      age_groups: season.age_groups,
      reference_year: season.reference_year,
      fee_cents: season.tryout_fee_cents,
      waiver_text: season.waiver_text ?? '',
    },
  };
}

/** The season's registration an id names, or 404 (an id of another season reads as not found here). */
function playerIdIn(seasonId: string, id: string): string {
  const ids = tryoutIds.parse(id);
  if (!ids || ids.seasonId !== seasonId) throw new NotFoundError(serverMessages.notCheckedInHere);
  return ids.playerId;
}

/**
 * POST /checkin/{seasonId}/tryouts/{id} {attended, cash_collected?}: in (or, correcting a slip, not in),
 * and the cash taken in the same tap, audited with the helper's name. Sent again (a phone's queue), it
 * changes nothing: the first arrival and cash times stay. A withdrawn player is refused (409).
 */
export async function checkIn(
  helper: HelperAccess,
  seasonId: string,
  id: string,
  input: CheckinInput,
  now: Date = new Date(),
): Promise<CheckinPlayer> {
  return (await checkInOnce(helper, seasonId, id, input, now)).player;
}

/** The tap, and whether it changed anything (a player already as asked is answered as they are). */
async function checkInOnce(
  helper: HelperAccess,
  seasonId: string,
  id: string,
  input: CheckinInput,
  now: Date,
): Promise<{ player: CheckinPlayer; changed: boolean }> {
  const playerId = playerIdIn(seasonId, id);
  const current = await tryoutsTable.getTryout(seasonId, playerId);
  if (!current) throw new NotFoundError(serverMessages.registrationNotFound);
  const cashAsked = input.cash_collected !== undefined;
  // The read saves the write when nothing would change; the write's own condition holds it under a race.
  const out = alreadyAsAsked(current, input)
    ? { unchanged: current }
    : await checkInAtDoorIfChanged(seasonId, playerId, input, byHelper(helper, now));
  const changed = typeof out === 'object' && !('unchanged' in out);
  const written = typeof out === 'object' && 'unchanged' in out ? out.unchanged : out;
  if (written === 'not-found') throw new NotFoundError(serverMessages.registrationNotFound);
  if (written === 'withdrawn') {
    throw new ConflictError(serverMessages.withdrawnAtDoor(`${current.first_name} ${current.last_name}`));
  }
  if (written === 'not-cash') throw new ConflictError(serverMessages.cashOnCard);
  if (written === 'refunded') throw new ConflictError(serverMessages.cashRefunded);
  if (changed) log.info('checked in at the door', { seasonId, attended: input.attended, cash: cashAsked });
  const season = await getSeason(seasonId);
  return { player: doorView(written, season ? sessionsOn(season, todayInClubZone(now)) : []), changed };
}

/**
 * POST /checkin/{seasonId}/scan {code}: checks in the player a QR code names, or a typed tryout number. A
 * code of another season, altered or made up, is a 404 that names no one.
 */
export async function scan(
  helper: HelperAccess,
  seasonId: string,
  code: string,
  now: Date = new Date(),
): Promise<ScanAnswer> {
  let id: string | null;
  if (/^\d{1,5}$/.test(code)) {
    const found = await findTryoutByNumber(seasonId, Number(code));
    if (!found) throw new NotFoundError(serverMessages.numberNotFound(Number(code)));
    id = found.id;
  } else {
    id = await readCheckinCode(code);
    if (!id || tryoutIds.parse(id)?.seasonId !== seasonId)
      throw new NotFoundError(serverMessages.codeNotFound);
  }
  const { player, changed } = await checkInOnce(helper, seasonId, id, { attended: true }, now);
  // In before this scan (another phone, a second scan): the door says since when, and nothing is written.
  return { ...player, already_in: !changed && player.attended };
}
