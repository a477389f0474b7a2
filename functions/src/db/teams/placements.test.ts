/**
 * The placement writes' own conditions (issue 45): what holds the limits when the service's read is stale.
 */
import { describe, expect, it } from 'vitest';
import { seedRegistrations } from '../../../test/admin';
import { openSeason } from '../../../test/players';
import { aTeam } from '../../../test/teams';
import { placementsOfSeason, writeTeamList } from './placements';
import { getTeam } from './teams';
import { teamId } from '@club/shared';

const by = { actorId: 'admin-test', now: new Date() };

describe('writeTeamList', () => {
  it('places as many as the stored capacity, and not one more even when the read said more fit', async () => {
    // Prepare: the team holds 2; a read from before the capacity was lowered says 3.
    const season = await openSeason();
    const team = await aTeam(season.id, { capacity: 2 });
    const rows = await seedRegistrations(season.id, 3);
    const players = rows.map((r) => ({ player_id: r.userId, tryout_number: r.tryoutNumber }));

    // Act
    const over = await writeTeamList({
      team: { ...team, capacity: 3 },
      kind: 'placed',
      wanted: players,
      current: [],
      by,
    });
    const full = await writeTeamList({ team, kind: 'placed', wanted: players.slice(0, 2), current: [], by });

    // Assess
    expect(over).toEqual({ reason: 'changed' });
    expect(full).toBeNull();
    expect((await placementsOfSeason(season.id)).map((p) => p.tryout_number).sort()).toEqual([1, 2]);
    expect((await getTeam(teamId.of(season.id, team.team_uuid)))?.placed_count).toBe(2);
  });

  it('never takes a player another team placed after the read', async () => {
    // Prepare: both writes read "nobody placed"; the first one lands.
    const season = await openSeason();
    const [a, b] = [await aTeam(season.id), await aTeam(season.id)];
    const [row] = await seedRegistrations(season.id, 1);
    const wanted = [{ player_id: row!.userId, tryout_number: row!.tryoutNumber }];
    expect(await writeTeamList({ team: a, kind: 'placed', wanted, current: [], by })).toBeNull();

    // Act
    const second = await writeTeamList({ team: b, kind: 'placed', wanted, current: [], by });

    // Assess
    expect(second).toEqual({ reason: 'changed' });
    const placements = await placementsOfSeason(season.id);
    expect(placements.map((p) => p.team_uuid)).toEqual([a.team_uuid]);
    expect((await getTeam(teamId.of(season.id, b.team_uuid)))?.placed_count).toBe(0);
  });
});
