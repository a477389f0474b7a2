/**
 * A team's roster (issue 45 §5): its players with what a coach needs (families' phones, the emergency contact,
 * medical notes, photo consent) and, for the admin, where the team fee stands. Once the season's offers are
 * out, the roster is the players who accepted theirs (the offer items, OFFER#<playerId>); before, it is the
 * players placed on the team. The admin reads it, downloads it (formula-safe CSV, audited) and prints it; a
 * coach reads their one team's on a phone.
 */
import {
  ROSTER_FEE_WORDS,
  serverMessages,
  teamId as teamIds,
  tryoutId as tryoutIds,
  type AccessTokenClaims,
  type CoachRoster,
  type RosterFeeState,
  type TeamRoster,
  type TeamRosterPlayer,
} from '@club/shared';
import { instalmentsOfSeason } from '../../db/money/instalments';
import { writeAudit } from '../../db/platform/audit';
import { offersOfTeam, type OfferItem } from '../../db/offers/offers';
import { guardiansOfRow, type RegistrationItem } from '../../db/registration/registration-item';
import * as registrations from '../../db/registration/registrations';
import * as seasonsTable from '../../db/seasons/seasons';
import * as placementsTable from '../../db/teams/placements';
import * as teamsTable from '../../db/teams/teams';
import { toCsv } from '../../lib/csv';
import { ForbiddenError, NotFoundError } from '../../lib/errors';
import type { HelperAccess } from '../platform/access';
import { byAdmin } from '../platform/audit';

/**
 * Where an accepted offer's team fee stands, as the roster says it; `declined` when one of its instalments was
 * declined and is not paid since (the sweep may still try it again, or the family pay it by its link).
 */
export function rosterFeeState(
  offer: OfferItem | undefined,
  team: teamsTable.TeamItem,
  declined = false,
): RosterFeeState {
  if (!offer) return team.fee_cents > 0 ? 'to_pay' : 'none';
  if (offer.fee_state === 'paid') return 'paid';
  if (offer.fee_state === 'on_plan') return declined ? 'instalment_declined' : 'on_plan';
  if (!(offer.fee_cents > 0)) return 'none';
  // The family chose to pay in cash (the fee's method is the team fee's field on the offer).
  return (offer as { fee_method?: string }).fee_method === 'cash' ? 'cash_due' : 'to_pay';
}

function birthYear(dateOfBirth: string): number {
  return Number(dateOfBirth.slice(0, 4));
}

function rosterPlayer(row: RegistrationItem, fee: RosterFeeState): TeamRosterPlayer {
  return {
    tryout_id: tryoutIds.of(row.season_id, row.player_id),
    tryout_number: row.tryout_number,
    first_name: row.first_name,
    last_name: row.last_name,
    birth_year: birthYear(row.date_of_birth),
    guardians: guardiansOfRow(row).map((g) => ({ name: g.name, phone: g.phone_number, email: g.email })),
    emergency_contact: {
      name: row.emergency_contact_name,
      phone: row.emergency_contact_phone,
      relationship: row.emergency_contact_relationship,
    },
    medical_notes: row.medical_notes ?? '',
    photo_consent: row.photo_consent === true,
    fee_state: fee,
  };
}

/**
 * The team, its season and its roster's players, by tryout number. `fees: false` for the coach's view, which
 * shows no fee: the instalments are not read for it.
 */
async function rosterOf(team: teamsTable.TeamItem, fees = true): Promise<TeamRoster> {
  const season = await seasonsTable.getSeason(team.season_id);
  if (!season) throw new NotFoundError(serverMessages.teamNotFound);
  const id = teamIds.of(team.season_id, team.team_uuid);
  const published = Boolean(season.offers_published_at);
  let players: Array<{ playerId: string; offer?: OfferItem }>;
  if (published) {
    const offers = await offersOfTeam(team.season_id, id);
    players = offers.filter((o) => o.state === 'accepted').map((o) => ({ playerId: o.player_id, offer: o }));
  } else {
    const { placed } = await placementsTable.placementsOfTeam(id);
    players = placed.map((p) => ({ playerId: p.player_id }));
  }
  const rows = new Map(
    (
      await registrations.getTryoutsOf(
        team.season_id,
        players.map((p) => p.playerId),
      )
    ).map((r) => [r.player_id, r]),
  );
  // Instalments are read only when someone on the team pays by them: one Query of the season's.
  const declined =
    fees && players.some((p) => p.offer?.fee_state === 'on_plan')
      ? new Set(
          (await instalmentsOfSeason(team.season_id))
            .filter((i) => i.state === 'declined')
            .map((i) => i.player_id),
        )
      : new Set<string>();
  const list = players
    .map(({ playerId, offer }) => {
      const row = rows.get(playerId);
      // A player withdrawn before offers went out has left the team.
      if (!row || (!published && row.withdrawn)) return null;
      return rosterPlayer(row, rosterFeeState(offer, team, declined.has(playerId)));
    })
    .filter((p): p is TeamRosterPlayer => p !== null)
    .sort((a, b) => a.tryout_number - b.tryout_number);
  return {
    team: teamsTable.teamAnswer(team),
    season_name: season.name,
    source: published ? 'accepted' : 'placed',
    players: list,
  };
}

async function teamOrNotFound(id: string): Promise<teamsTable.TeamItem> {
  const team = await teamsTable.getTeam(id);
  if (!team) throw new NotFoundError(serverMessages.teamNotFound);
  return team;
}

/** GET /admin/teams/{teamId}/roster. */
export async function teamRoster(id: string): Promise<TeamRoster> {
  return rosterOf(await teamOrNotFound(id));
}

/**
 * GET /admin/teams/{teamId}/roster.csv: the roster as a spreadsheet-safe CSV (lib/csv.ts neutralises a cell
 * that starts like a formula), named after the team. Audited: it takes families' phones and medical notes
 * away in a file.
 */
export async function exportTeamRoster(
  id: string,
  admin: AccessTokenClaims,
): Promise<{ filename: string; csv: string }> {
  const team = await teamOrNotFound(id);
  const roster = await rosterOf(team);
  await writeAudit(
    byAdmin(admin),
    { action: 'roster_export', seasonId: team.season_id },
    { team_id: id, rows: roster.players.length },
  );
  const header = [
    'Tryout #',
    'First name',
    'Last name',
    'Birth year',
    'Guardians',
    'Guardian phones',
    'Emergency contact',
    'Emergency phone',
    'Relationship',
    'Medical notes',
    'Photo consent',
    'Team fee',
  ];
  const rows = roster.players.map((p) => [
    p.tryout_number,
    p.first_name,
    p.last_name,
    p.birth_year,
    p.guardians.map((g) => g.name).join('; '),
    p.guardians.map((g) => g.phone).join('; '),
    p.emergency_contact.name,
    p.emergency_contact.phone,
    p.emergency_contact.relationship,
    p.medical_notes,
    p.photo_consent ? 'Yes' : 'No',
    ROSTER_FEE_WORDS[p.fee_state],
  ]);
  const slug =
    `${roster.season_name}-${team.name}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'team';
  return { filename: `${slug}-roster.csv`, csv: toCsv([header, ...rows]) };
}

/**
 * GET /coach/teams/{teamId}/roster: the coach's one team. The access check already refused any team but the
 * grant's; this checks it again, so the rule holds even if a route were wired to another access. The notes
 * are there to tap, flagged; the fee is the club's business, not the coach's, and so are the families' e-mail
 * addresses: a coach gets their phones.
 */
export async function coachRoster(helper: HelperAccess, id: string): Promise<CoachRoster> {
  const ids = teamIds.parse(id);
  if (!ids || helper.team_uuid !== ids.teamUuid) throw new ForbiddenError(serverMessages.helperAccessNeeded);
  const roster = await rosterOf(await teamOrNotFound(id), false);
  return {
    team: {
      id: roster.team.id,
      name: roster.team.name,
      age_group: roster.team.age_group,
      coach_name: roster.team.coach_name,
    },
    season_name: roster.season_name,
    players: roster.players.map(({ fee_state: _fee, medical_notes, guardians, ...player }) => ({
      ...player,
      // Phones to call, as the coach needs them; families' e-mail addresses stay with the club.
      guardians: guardians.map(({ name, phone }) => ({ name, phone })),
      has_medical_notes: medical_notes.trim() !== '',
      medical_notes: medical_notes.trim() === '' ? null : medical_notes,
    })),
  };
}
