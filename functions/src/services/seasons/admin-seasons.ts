/**
 * Seasons in the admin area (spec §2 Tryouts tab, §4): the list, a new season (made the active one), the
 * registration window and the team links.
 */
import {
  AGE_GROUPS,
  DEFAULT_TRYOUT_FEE_CENTS,
  fieldMessages,
  offerMessages,
  serverMessages,
  type AccessTokenClaims,
  type AdminSeason,
  type AgeGroup,
  type NewSeasonInput,
  type RegistrationStatus,
  type RegistrationStatusAnswer,
  type UpdateSeasonInput,
  waitlistMessages,
} from '@club/shared';
import * as helpers from '../../db/tryout-night/volunteers';
import * as seasonsTable from '../../db/seasons/seasons';
import * as waitlistTable from '../../db/registration/waitlist';
import { offerFreedSpots } from '../registration/waitlist';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { enqueueSessionChanges, planSessions } from './session-changes';
import { helperAccessEnds } from '../platform/access';
import { byAdmin } from '../platform/audit';
import { enqueueOpeningNotices } from './opening-notices';
import { createSeason, toAdminSeason } from './seasons';

/** GET /seasons/all: every season, newest first (the admin page selects the first). */
export async function listAllSeasons(): Promise<AdminSeason[]> {
  const [seasons, activeId] = await Promise.all([
    seasonsTable.listSeasons(),
    seasonsTable.getActiveSeasonId(),
  ]);
  return seasons.map((season) => toAdminSeason(season, season.id === activeId));
}

/**
 * POST /admin/seasons: a season with the spec's admin age groups (§3), with registration closed until the
 * admin opens it; it becomes the active season at once, in the same transaction (spec §4). Its fee is the
 * one given, else the previous season's (the newest), else the default; its age year the one given, else
 * the year its name names, else this year in Edmonton.
 */
export async function createAdminSeason(
  input: NewSeasonInput,
  admin: AccessTokenClaims,
): Promise<AdminSeason> {
  const previous =
    input.tryout_fee_cents === undefined || input.sibling_fee_cents === undefined
      ? (await seasonsTable.listSeasons())[0]
      : undefined;
  const fee = input.tryout_fee_cents ?? previous?.tryout_fee_cents ?? DEFAULT_TRYOUT_FEE_CENTS;
  // The sibling fee given, else the previous season's (as long as it is within the new fee), else the fee.
  const sibling = input.sibling_fee_cents ?? previous?.sibling_fee_cents;
  if (input.sibling_fee_cents !== undefined && input.sibling_fee_cents > fee) {
    throw new BadRequestError(fieldMessages.siblingFeeAboveFee, [
      { field: 'sibling_fee_cents', msg: fieldMessages.siblingFeeAboveFee },
    ]);
  }
  const season = await createSeason({
    name: input.name,
    age_groups: AGE_GROUPS,
    is_registration_open: false,
    tryout_fee_cents: fee,
    ...(sibling !== undefined && sibling <= fee ? { sibling_fee_cents: sibling } : {}),
    reference_year: input.reference_year,
    createdBy: admin.sub,
  });
  log.info('season created and activated', { seasonId: season.id });
  return season;
}

/**
 * PATCH /admin/seasons/{id}: changes the season's name, fee, age year or sessions, and answers the season as
 * written. A new fee applies to registrations made afterwards (each keeps the amount it was charged or
 * owes). The age year cannot change once anyone has registered (409): it would move players between groups.
 */
export async function updateSeason(
  seasonId: string,
  input: UpdateSeasonInput,
  admin: AccessTokenClaims,
): Promise<AdminSeason> {
  const current = await seasonsTable.getSeason(seasonId);
  if (!current) throw new NotFoundError(serverMessages.seasonNotFound);
  const fee = input.tryout_fee_cents ?? current.tryout_fee_cents;
  if ((input.sibling_fee_cents ?? current.sibling_fee_cents ?? 0) > fee) {
    throw new BadRequestError(fieldMessages.siblingFeeAboveFee, [
      { field: 'sibling_fee_cents', msg: fieldMessages.siblingFeeAboveFee },
    ]);
  }
  const sameYear = input.reference_year === current.reference_year;
  // The same waiver saved again is not a new version (issue 36); the same policy changes nothing.
  if (input.waiver_text !== undefined && input.waiver_text === (current.waiver_text ?? '')) {
    input = { ...input, waiver_text: undefined };
  }
  // A season whose helpers' access has ended keeps it ended, whatever its sessions become (issue 42).
  const helpersEnded = input.sessions ? helperAccessEnds(current) : null;
  if (helpersEnded && helpersEnded <= new Date())
    await helpers.recordSeasonGrantsEnded(seasonId, helpersEnded);
  // Sessions keep their ids; a moved one counts a change and mails its families (issue 36).
  const planned = input.sessions ? planSessions(current.sessions, input.sessions) : null;
  const { offers, ...settings } = input;
  if (
    input.capacities &&
    Object.keys(input.capacities).some((g) => !current.age_groups.includes(g as AgeGroup))
  ) {
    throw new BadRequestError(waitlistMessages.capacityGroupInvalid, [
      { field: 'capacities', msg: waitlistMessages.capacityGroupInvalid },
    ]);
  }
  const write = async () =>
    seasonsTable.updateSeasonSettings(
      seasonId,
      {
        ...settings,
        // Offer settings are attributes of their own (issue 45): a change of one leaves the others as stored.
        offers_enabled: offers?.enabled,
        offers_respond_within_hours: offers?.respond_within_hours,
        offers_auto_offer_alternates: offers?.auto_offer_alternates,
        reference_year: sameYear ? undefined : input.reference_year,
        ...(planned ? { sessions: planned.sessions } : {}),
      },
      byAdmin(admin),
      planned ? current.sessions : undefined,
      // Capacities (issue 45): the counter counts the season's spots as they are, in the same write.
      input.capacities ? await capacityCount(seasonId, input.capacities) : undefined,
    );
  const [first, activeId] = await Promise.all([write(), seasonsTable.getActiveSeasonId()]);
  let written = first;
  // A number given or a spot changed hands while the spots were counted: count again.
  for (let attempt = 0; written === 'counter-moved' && attempt < 20; attempt += 1) written = await write();
  if (written === 'counter-moved') throw new Error('Capacities could not be counted');
  if (written === 'no-season') throw new NotFoundError(serverMessages.seasonNotFound);
  if (written === 'has-registrations') throw new ConflictError(serverMessages.referenceYearLocked);
  if (written === 'sessions-moved') throw new ConflictError(serverMessages.sessionsChangedMeanwhile);
  if (written === 'offers-published') throw new ConflictError(offerMessages.cannotTurnOffPublished);
  log.info('season settings changed', { seasonId, fields: Object.keys(input).join(',') });
  if (planned) await enqueueSessionChanges(seasonId, planned.changes);
  // A capacity raised (or removed) frees spots: each goes to the next family on the waitlist.
  if (input.capacities) await offerFreedSpots(written, new Date());
  return toAdminSeason(written, written.id === activeId);
}

/** The counter as read and the season's spots counted after it, per group counted now or before. */
async function capacityCount(seasonId: string, capacities: Partial<Record<AgeGroup, number>>) {
  const counter = await waitlistTable.getCapacityCounter(seasonId);
  const groups = [...new Set([...Object.keys(counter.taken), ...Object.keys(capacities)])] as AgeGroup[];
  return { counter, ...(await waitlistTable.countSpots(seasonId, groups)) };
}

/** GET /admin/seasons/{id}/registration. */
export async function getRegistrationStatus(seasonId: string): Promise<RegistrationStatus> {
  const season = await seasonsTable.getSeason(seasonId);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  return { is_registration_open: season.is_registration_open };
}

/** PATCH /admin/seasons/{id}/registration: opens or closes it; answers the season as written. */
export async function setRegistrationStatus(
  seasonId: string,
  open: boolean,
  admin: AccessTokenClaims,
): Promise<RegistrationStatusAnswer> {
  const [season, activeId] = await Promise.all([
    seasonsTable.setRegistrationOpen(seasonId, open, byAdmin(admin)),
    seasonsTable.getActiveSeasonId(),
  ]);
  if (!season) throw new NotFoundError(serverMessages.seasonNotFound);
  log.info('season registration changed', { seasonId, open });
  // The active season opening: the "E-mail me when it opens" list is mailed, once each (issue 18).
  if (open && season.id === activeId) await enqueueOpeningNotices(season.id);
  return { season: toAdminSeason(season, season.id === activeId) };
}

/**
 * PUT /admin/seasons/{id}/team-links: sets one age group's TeamSnap link (an https URL, checked by the
 * shared schema) or removes it (empty). Selected players of that group see it on their dashboard and in
 * their result mail. Answers the season as written.
 */
export async function setTeamLink(
  seasonId: string,
  input: { age_group: AgeGroup; url: string },
  admin: AccessTokenClaims,
): Promise<AdminSeason> {
  const [written, activeId] = await Promise.all([
    seasonsTable.setTeamLink(seasonId, input.age_group, input.url === '' ? null : input.url, byAdmin(admin)),
    seasonsTable.getActiveSeasonId(),
  ]);
  if (written === 'no-season') throw new NotFoundError(serverMessages.seasonNotFound);
  if (written === 'not-in-season') throw new BadRequestError(serverMessages.ageGroupNotInSeason);
  return toAdminSeason(written, written.id === activeId);
}
