/**
 * Issue 45 §2, §5: a season's teams, the players placed on them and their alternates, the roster, and a coach
 * who sees their one team. The limits (one team per player, the capacity, delete only while empty) hold under
 * concurrent requests because they are the writes' own conditions.
 */
import { UpdateCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { CoachRoster, Team, TeamRoster, TeamWithPlayers } from '@club/shared';
import { createAdmin, seedRegistrations } from '../../../test/admin';
import { call } from '../../../test/api';
import { ok } from '../../../test/builders';
import { openSeason, tableSnapshot } from '../../../test/players';
import { aTeamInput, coachOf, createdTeam } from '../../../test/teams';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { listAudit } from '../../db/platform/audit';
import { placementsOfSeason } from '../../db/teams/placements';

async function seasonWithAdmin() {
  const season = await openSeason({ name: 'Fall 2026 Tryouts' });
  const admin = await createAdmin();
  return { season, admin };
}

function place(token: string, teamId: string, tryout_ids: string[]) {
  return call('setTeamPlacements', { token, params: { teamId }, body: { tryout_ids } });
}

function alternates(token: string, teamId: string, tryout_ids: string[]) {
  return call('setTeamAlternates', { token, params: { teamId }, body: { tryout_ids } });
}

describe('teams (issue 45)', () => {
  it('makes a team of the season, lists it, changes it and audits each change', async () => {
    // Prepare
    const { season, admin } = await seasonWithAdmin();

    // Act
    const created = await call('createTeam', {
      token: admin.token,
      params: { id: season.id },
      body: aTeamInput({ team_link: 'https://go.teamsnap.com/sabres-black' }),
    });
    const team = created.body as unknown as Team;
    const changed = await call('updateTeam', {
      token: admin.token,
      params: { teamId: team.id },
      body: { capacity: 10, coach_name: '' },
    });
    const listed = await ok('listTeams', { token: admin.token, params: { id: season.id } });

    // Assess
    expect(created.status).toBe(201);
    expect(team).toMatchObject({
      season_id: season.id,
      name: 'Sabres 15U Black',
      age_group: '15U Boys',
      capacity: 12,
      fee_cents: 35000,
      coach_name: 'Jordan Coach',
      team_link: 'https://go.teamsnap.com/sabres-black',
      cash_accepted: true,
      placed: 0,
      alternates: 0,
    });
    expect(team.id).toMatch(new RegExp(`^${season.id}\\.[0-9a-f-]{36}$`));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ capacity: 10, coach_name: null });
    expect(listed.body).toEqual([
      expect.objectContaining({ id: team.id, capacity: 10, placed_players: [], alternate_players: [] }),
    ]);
    const actions = (await listAudit(season.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['team_created', 'team_settings']));
  });

  it('refuses a team of an age group the season does not run, and a capacity of 0 or 31', async () => {
    const season = await openSeason({ age_groups: ['15U Boys'] });
    const admin = await createAdmin();
    const post = (body: Record<string, unknown>) =>
      call('createTeam', { token: admin.token, params: { id: season.id }, body: aTeamInput(body) });

    const [girls, none, tooMany, most] = [
      await post({ age_group: '15U Girls' }),
      await post({ capacity: 0 }),
      await post({ capacity: 31 }),
      await post({ capacity: 30 }),
    ];

    expect(girls.status).toBe(400);
    expect(girls.body.message).toBe('Choose one of this season’s age groups.');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('A team holds between 1 and 30 players.');
    expect(tooMany.status).toBe(400);
    expect(most.status).toBe(201);
  });

  it('places up to the capacity and refuses one more', async () => {
    // Prepare
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id, { capacity: 2 });
    const rows = await seedRegistrations(season.id, 3, { age_group: '15U Boys' });

    // Act
    const full = await place(admin.token, team.id, [rows[0]!.id, rows[1]!.id]);
    const over = await place(
      admin.token,
      team.id,
      rows.map((r) => r.id),
    );

    // Assess
    expect(full.status).toBe(200);
    const placed = full.body as unknown as TeamWithPlayers;
    expect(placed.placed).toBe(2);
    expect(placed.placed_players.map((p) => p.tryout_number)).toEqual([1, 2]);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('This team holds 2 players: place at most 2.');
    expect((await placementsOfSeason(season.id)).length).toBe(2);
  });

  it('places only numbered, not withdrawn players of the team’s age group', async () => {
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id);
    const [girl] = await seedRegistrations(season.id, 1, { age_group: '15U Girls', firstNumber: 7 });
    const [gone] = await seedRegistrations(season.id, 1, {
      firstNumber: 8,
      overrides: () => ({ withdrawn: true }),
    });

    const wrongGroup = await place(admin.token, team.id, [girl!.id]);
    const withdrawn = await place(admin.token, team.id, [gone!.id]);

    expect(wrongGroup.status).toBe(400);
    expect(wrongGroup.body.message).toBe(
      'Player #7 cannot be placed on this team: only numbered, not withdrawn players of its age group.',
    );
    expect(withdrawn.status).toBe(400);
    expect(withdrawn.body.message).toContain('Player #8 cannot be placed');
  });

  it('puts a player on one team only when two teams place them at the same moment', async () => {
    // Prepare
    const { season, admin } = await seasonWithAdmin();
    const [a, b] = [
      await createdTeam(admin, season.id),
      await createdTeam(admin, season.id, { name: 'Red' }),
    ];
    const [row] = await seedRegistrations(season.id, 1, { firstNumber: 42 });

    // Act
    const answers = await Promise.all([
      place(admin.token, a.id, [row!.id]),
      place(admin.token, b.id, [row!.id]),
    ]);

    // Assess
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe(
      'Player #42 is already on another team. Take them off that team first.',
    );
    const placements = await placementsOfSeason(season.id);
    expect(placements).toHaveLength(1);
    const teams = (await ok('listTeams', { token: admin.token, params: { id: season.id } }))
      .body as unknown as TeamWithPlayers[];
    expect(teams.map((t) => t.placed).sort()).toEqual([0, 1]);
  });

  it('refuses to delete a team while a player is placed on it, then deletes it once empty', async () => {
    // Prepare
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id);
    const [row] = await seedRegistrations(season.id, 1);
    expect((await place(admin.token, team.id, [row!.id])).status).toBe(200);
    const before = await tableSnapshot();

    // Act
    const refused = await call('deleteTeam', { token: admin.token, params: { teamId: team.id } });
    const after = await tableSnapshot();
    expect((await place(admin.token, team.id, [])).status).toBe(200);
    const deleted = await call('deleteTeam', { token: admin.token, params: { teamId: team.id } });

    // Assess
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Move every placed player and alternate off this team before deleting it.',
    );
    expect(after).toBe(before);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual([]);
  });

  it('refuses to delete a team that only has an alternate', async () => {
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id);
    const [row] = await seedRegistrations(season.id, 1);
    expect((await alternates(admin.token, team.id, [row!.id])).status).toBe(200);

    const refused = await call('deleteTeam', { token: admin.token, params: { teamId: team.id } });

    expect(refused.status).toBe(409);
  });

  it('keeps alternates in the order given, and a player moved to placed leaves the alternates', async () => {
    // Prepare
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id);
    const rows = await seedRegistrations(season.id, 3);
    const [one, two, three] = rows.map((r) => r.id) as [string, string, string];

    // Act
    const first = (await alternates(admin.token, team.id, [three, one, two]))
      .body as unknown as TeamWithPlayers;
    const moved = (await place(admin.token, team.id, [one])).body as unknown as TeamWithPlayers;

    // Assess
    expect(first.alternate_players.map((p) => [p.tryout_number, p.rank])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(moved.placed_players.map((p) => p.tryout_number)).toEqual([1]);
    expect(moved.alternate_players.map((p) => [p.tryout_number, p.rank])).toEqual([
      [3, 1],
      [2, 2],
    ]);
    expect(moved).toMatchObject({ placed: 1, alternates: 2 });
  });

  it('refuses new placements once the season’s offers are out, but still takes alternates', async () => {
    // Prepare
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id);
    const rows = await seedRegistrations(season.id, 2);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.season(season.id),
        UpdateExpression: 'SET offers_published_at = :at',
        ExpressionAttributeValues: { ':at': new Date().toISOString() },
      }),
    );

    // Act
    const placed = await place(admin.token, team.id, [rows[0]!.id]);
    const alternate = await alternates(admin.token, team.id, [rows[1]!.id]);

    // Assess
    expect(placed.status).toBe(409);
    expect(placed.body.message).toBe(
      'Offers are out for this season: rescind an offer or add an alternate instead.',
    );
    expect(alternate.status).toBe(200);
  });

  it('refuses new placements from the offers’ publish hour, while the publish job may be running', async () => {
    // Prepare: two teams of one season, its offers set to go out a minute from now.
    const { season, admin } = await seasonWithAdmin();
    const before = await createdTeam(admin, season.id);
    const after = await createdTeam(admin, season.id, { name: 'Sabres 15U White' });
    const rows = await seedRegistrations(season.id, 2);
    const setPublishAt = (at: string) =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.season(season.id),
          UpdateExpression: 'SET offers_enabled = :true, offers_publish_at = :at',
          ExpressionAttributeValues: { ':true': true, ':at': at },
        }),
      );
    await setPublishAt(new Date(Date.now() + 60_000).toISOString());

    // Act: placing a minute before the hour, then a minute after it (nothing published yet).
    const ahead = await place(admin.token, before.id, [rows[0]!.id]);
    await setPublishAt(new Date(Date.now() - 60_000).toISOString());
    const reached = await place(admin.token, after.id, [rows[1]!.id]);
    const alternate = await alternates(admin.token, after.id, [rows[1]!.id]);

    // Assess
    expect(ahead.status).toBe(200);
    expect(reached.status).toBe(409);
    expect(reached.body.message).toBe(
      'Offers are out for this season: rescind an offer or add an alternate instead.',
    );
    expect(alternate.status).toBe(200);
  });

  it('answers 404 for a team id of no team, and refuses an id that is not a team’s', async () => {
    const { season, admin } = await seasonWithAdmin();
    const missing = `${season.id}.00000000-0000-4000-8000-000000000000`;

    const res = await call('getTeamRoster', { token: admin.token, params: { teamId: missing } });
    const bad = await call('getTeamRoster', { token: admin.token, params: { teamId: 'nope' } });

    expect(res.status).toBe(404);
    expect(res.body.message).toBe('That team is not in this season.');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Not found.');
  });
});

describe('rosters (issue 45)', () => {
  it('lists the placed players with their families’ details before offers are out', async () => {
    // Prepare
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id, { fee_cents: 0 });
    const [row] = await seedRegistrations(season.id, 1, {
      firstNumber: 5,
      overrides: () => ({ medical_notes: 'Asthma: inhaler in bag', photo_consent: true }),
    });
    expect((await place(admin.token, team.id, [row!.id])).status).toBe(200);

    // Act
    const res = await ok('getTeamRoster', { token: admin.token, params: { teamId: team.id } });

    // Assess
    const roster = res.body as unknown as TeamRoster;
    expect(roster.source).toBe('placed');
    expect(roster.season_name).toBe('Fall 2026 Tryouts');
    expect(roster.players).toEqual([
      {
        tryout_id: row!.id,
        tryout_number: 5,
        first_name: 'Player0',
        last_name: 'Tester',
        birth_year: 2010,
        guardians: [{ name: 'Player0 Tester', phone: '7805550134', email: row!.email }],
        emergency_contact: { name: 'Robin Tester', phone: '7805550199', relationship: 'parent' },
        medical_notes: 'Asthma: inhaler in bag',
        photo_consent: true,
        fee_state: 'none',
      },
    ]);
  });

  it('lists the players who accepted their offers once the offers are out, with the fee’s state', async () => {
    // Prepare
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id);
    const rows = await seedRegistrations(season.id, 4);
    expect(
      (
        await place(
          admin.token,
          team.id,
          rows.map((r) => r.id),
        )
      ).status,
    ).toBe(200);
    const offer = (i: number, state: string, fee: Record<string, unknown>) =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.offer(season.id, rows[i]!.userId),
            season_id: season.id,
            player_id: rows[i]!.userId,
            team_id: team.id,
            state,
            fee_cents: 35000,
            ...fee,
          },
        }),
      );
    await offer(0, 'accepted', { fee_state: 'paid' });
    await offer(1, 'accepted', { fee_state: 'to_pay', fee_method: 'cash' });
    await offer(2, 'declined', {});
    await offer(3, 'offered', {});
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.season(season.id),
        UpdateExpression: 'SET offers_published_at = :at',
        ExpressionAttributeValues: { ':at': new Date().toISOString() },
      }),
    );

    // Act
    const roster = (await ok('getTeamRoster', { token: admin.token, params: { teamId: team.id } }))
      .body as unknown as TeamRoster;

    // Assess
    expect(roster.source).toBe('accepted');
    expect(roster.players.map((p) => [p.tryout_number, p.fee_state])).toEqual([
      [1, 'paid'],
      [2, 'cash_due'],
    ]);
  });

  it('downloads the roster as a CSV whose cells never run as formulas, and audits the download', async () => {
    // Prepare
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id);
    const [row] = await seedRegistrations(season.id, 1, {
      overrides: () => ({
        first_name: '=HYPERLINK("https://evil.example","x")',
        medical_notes: '+1 allergy',
      }),
    });
    expect((await place(admin.token, team.id, [row!.id])).status).toBe(200);

    // Act
    const res = await call('exportTeamRoster', { token: admin.token, params: { teamId: team.id } });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '"Tryout #","First name","Last name","Birth year","Guardians","Guardian phones","Emergency contact","Emergency phone","Relationship","Medical notes","Photo consent","Team fee"',
    );
    expect(lines[1]).toContain('"\'=HYPERLINK(""https://evil.example"",""x"")"');
    expect(lines[1]).toContain('"\'+1 allergy"');
    expect(lines[1]).toContain('"To pay"');
    const audit = (await listAudit(season.id)).find((e) => e.action === 'roster_export');
    expect(audit?.after).toEqual({ team_id: team.id, rows: 1 });
  });
});

describe('coaches (issue 45)', () => {
  it('shows a coach their team’s roster with the medical notes flagged, and refuses another team’s', async () => {
    // Prepare
    const { season, admin } = await seasonWithAdmin();
    const [mine, theirs] = [
      await createdTeam(admin, season.id),
      await createdTeam(admin, season.id, { name: 'Sabres 15U Red' }),
    ];
    const rows = await seedRegistrations(season.id, 2, {
      overrides: (i) => (i === 0 ? { medical_notes: 'Peanut allergy: EpiPen' } : {}),
    });
    expect(
      (
        await place(
          admin.token,
          mine.id,
          rows.map((r) => r.id),
        )
      ).status,
    ).toBe(200);
    const coach = await coachOf(admin, season.id, mine.id);

    // Act
    const own = await call('getCoachRoster', { token: coach.token, params: { teamId: mine.id } });
    const other = await call('getCoachRoster', { token: coach.token, params: { teamId: theirs.id } });
    const grants = await ok('myHelperGrants', { token: coach.token });

    // Assess
    expect(own.status).toBe(200);
    const roster = own.body as unknown as CoachRoster;
    expect(roster.team).toEqual({
      id: mine.id,
      name: 'Sabres 15U Black',
      age_group: '15U Boys',
      coach_name: 'Jordan Coach',
    });
    expect(roster.players.map((p) => [p.tryout_number, p.has_medical_notes, p.medical_notes])).toEqual([
      [1, true, 'Peanut allergy: EpiPen'],
      [2, false, null],
    ]);
    expect(roster.players[0]).not.toHaveProperty('fee_state');
    expect(other.status).toBe(403);
    expect(grants.body).toEqual([
      expect.objectContaining({
        role: 'coach',
        team_id: mine.id,
        team_name: 'Sabres 15U Black',
        ends_at: null,
      }),
    ]);
  });

  it('gives a coach the families’ names and phones, never their e-mail addresses', async () => {
    // Prepare: a placed player, whose family the admin's roster shows with an e-mail address
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id);
    const [row] = await seedRegistrations(season.id, 1);
    expect((await place(admin.token, team.id, [row!.id])).status).toBe(200);
    const coach = await coachOf(admin, season.id, team.id);
    const adminRoster = (await ok('getTeamRoster', { token: admin.token, params: { teamId: team.id } }))
      .body as unknown as TeamRoster;
    expect(adminRoster.players[0]!.guardians).toEqual([
      { name: 'Player0 Tester', phone: '7805550134', email: row!.email },
    ]);

    // Act
    const res = await call('getCoachRoster', { token: coach.token, params: { teamId: team.id } });

    // Assess
    expect(res.status).toBe(200);
    const roster = res.body as unknown as CoachRoster;
    expect(roster.players[0]!.guardians).toEqual([{ name: 'Player0 Tester', phone: '7805550134' }]);
    expect(res.text).not.toContain(row!.email);
  });

  it('ends a coach’s access when the admin removes them', async () => {
    const { season, admin } = await seasonWithAdmin();
    const team = await createdTeam(admin, season.id);
    const coach = await coachOf(admin, season.id, team.id);
    const helpers = (await ok('listHelpers', { token: admin.token, params: { id: season.id } }))
      .body as unknown as Array<{
      id: string;
      role: string;
      team_id?: string;
      team_name?: string;
    }>;
    expect(helpers).toEqual([
      expect.objectContaining({ role: 'coach', team_id: team.id, team_name: 'Sabres 15U Black' }),
    ]);

    await ok('removeHelper', { token: admin.token, params: { id: season.id, helperId: helpers[0]!.id } });
    const res = await call('getCoachRoster', { token: coach.token, params: { teamId: team.id } });

    expect(res.status).toBe(403);
  });

  it('invites a coach only with a team of the season', async () => {
    const { season, admin } = await seasonWithAdmin();
    const invite = (body: Record<string, unknown>) =>
      call('inviteHelper', {
        token: admin.token,
        params: { id: season.id },
        body: { email: 'coach@example.test', role: 'coach', ...body },
      });

    const none = await invite({});
    const missing = await invite({ team_id: `${season.id}.00000000-0000-4000-8000-000000000000` });

    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose the team this coach sees.');
    expect(missing.status).toBe(404);
  });
});
