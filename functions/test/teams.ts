/**
 * Test helpers for teams (issue 45): the body of a new team, a team written straight to the table (for tests
 * about something else, like the access matrix), and a coach invited and accepted through the API.
 */
import { randomUUID } from 'node:crypto';
import type { AgeGroup, Team } from '@club/shared';
import { putTeam, type TeamItem } from '../src/db/teams/teams';
import { linkFromLatestMail, tokenFromLink } from './mailbox';
import { ok } from './builders';
import { createPlayer, type TestPlayer } from './players';

/** POST /admin/seasons/{id}/teams: a 15U Boys team of 12 with a $350 fee, unless told. */
export function aTeamInput(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Sabres 15U Black',
    age_group: '15U Boys' as AgeGroup,
    capacity: 12,
    fee_cents: 35_000,
    coach_name: 'Jordan Coach',
    ...overrides,
  };
}

/** A team as the service stores it, nobody on it (written straight to the table). */
export async function aTeam(seasonId: string, overrides: Partial<TeamItem> = {}): Promise<TeamItem> {
  const now = new Date().toISOString();
  const team: TeamItem = {
    season_id: seasonId,
    team_uuid: randomUUID(),
    name: 'Sabres 15U Black',
    age_group: '15U Boys',
    capacity: 12,
    fee_cents: 35_000,
    coach_name: null,
    team_link: null,
    cash_accepted: true,
    placed_count: 0,
    alternate_count: 0,
    offered: 0,
    accepted: 0,
    next_alternate: 0,
    list_version: 0,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await putTeam(team, { actorId: 'test', now: new Date() });
  return team;
}

/** A team made through the API by the admin (201 checked). */
export async function createdTeam(
  admin: TestPlayer,
  seasonId: string,
  overrides: Record<string, unknown> = {},
): Promise<Team> {
  const res = await ok(
    'createTeam',
    { token: admin.token, params: { id: seasonId }, body: aTeamInput(overrides) },
    201,
  );
  return res.body as unknown as Team;
}

/** A player account invited as the team's coach and accepted from the mailed link. */
export async function coachOf(admin: TestPlayer, seasonId: string, teamId: string): Promise<TestPlayer> {
  const coach = await createPlayer({ first_name: 'Jordan', last_name: 'Coach' });
  await ok(
    'inviteHelper',
    {
      token: admin.token,
      params: { id: seasonId },
      body: { email: coach.email, role: 'coach', team_id: teamId },
    },
    201,
  );
  const token = tokenFromLink(await linkFromLatestMail(coach.email, /\/helpers\/accept#/));
  await ok('acceptHelper', { token: coach.token, body: { token } });
  return coach;
}
