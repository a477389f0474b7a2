/**
 * Issue 37: scoring on tryout night. The admin's criteria; an evaluator's roster (number, first name, last
 * initial, checked in) with their own scores only; batches that a phone may send twice or late, the latest
 * score winning; and rankings that a harsh evaluator does not skew.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { HouseholdTryout, RankingsAnswer, RosterAnswer, ScoresAnswer } from '@club/shared';
import { call } from '../../../test/api';
import { registeredPlayer, tableSnapshot } from '../../../test/players';
import { helperOf, seasonTonight } from '../../../test/tryout-night';

const CRITERIA = {
  criteria: [
    { key: 'shooting', label: 'Shooting' },
    { key: 'defence', label: 'Defence' },
  ],
  scale_max: 5,
};

let clientIds = 0;
const score = (tryoutId: string, criterion: string, value: number, at: string, note?: string) => ({
  tryout_id: tryoutId,
  criterion,
  value,
  scored_at: at,
  client_id: `device-${++clientIds}-abcdef`,
  ...(note ? { note } : {}),
});

async function scoredSeason(name: string) {
  const { season, admin } = await seasonTonight(name);
  const set = await call('setCriteria', { token: admin.token, params: { id: season.id }, body: CRITERIA });
  expect(set.status).toBe(200);
  const players: Array<Awaited<ReturnType<typeof registeredPlayer>>> = [];
  for (let i = 0; i < 3; i++) players.push(await registeredPlayer('cash'));
  const ids = players.map((p) => `${season.id}.${p.id}`);
  return { season, admin, players, ids };
}

describe('scoring on tryout night (issue 37)', () => {
  it('refuses criteria a season cannot score, on both sides of each limit', async () => {
    const { season, admin } = await seasonTonight('Fall 2026 Tryouts');
    const put = (body: unknown) =>
      call('setCriteria', { token: admin.token, params: { id: season.id }, body });
    const before = await tableSnapshot();

    const answers = await Promise.all([
      put({ criteria: [], scale_max: 5 }),
      put({ ...CRITERIA, scale_max: 2 }),
      put({ ...CRITERIA, scale_max: 11 }),
      put({ criteria: [CRITERIA.criteria[0], CRITERIA.criteria[0]], scale_max: 5 }),
    ]);

    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [400, 'Add at least one criterion.'],
      [400, 'Scores go from 1 to a top between 3 and 10.'],
      [400, 'Scores go from 1 to a top between 3 and 10.'],
      [400, 'Each criterion can be listed once.'],
    ]);
    expect(await tableSnapshot()).toBe(before);
    expect((await put({ ...CRITERIA, scale_max: 3 })).status).toBe(200);
    expect((await put({ ...CRITERIA, scale_max: 10 })).status).toBe(200);
  });

  it('keeps one score per evaluator, player and criterion: a batch sent twice or an older copy changes nothing', async () => {
    // Prepare
    const { season, admin, ids } = await scoredSeason('Winter 2026 Tryouts');
    const evaluator = await helperOf(admin, season.id, 'evaluator', ['15U Boys']);
    const other = await helperOf(admin, season.id, 'evaluator', ['15U Boys'], {
      first_name: 'Kim',
      last_name: 'Lee',
    });
    const batch = ids.map((id) => score(id, 'shooting', 3, '2026-11-27T01:00:00.000Z'));
    const send = (token: string, scores: unknown[]) =>
      call('putScores', { token, params: { seasonId: season.id }, body: { scores } });

    // Act
    const first = await send(evaluator.token, batch);
    const twice = await send(evaluator.token, batch);
    const newer = await send(evaluator.token, [
      score(ids[0]!, 'shooting', 5, '2026-11-27T01:05:00.000Z', 'Quick release'),
    ]);
    const late = await send(evaluator.token, [score(ids[0]!, 'shooting', 1, '2026-11-27T00:59:00.000Z')]);
    await send(other.token, [score(ids[1]!, 'defence', 4, '2026-11-27T01:00:00.000Z')]);

    // Assess
    expect(first.body as unknown as ScoresAnswer).toEqual({ stored: 3, superseded: 0 });
    expect(twice.body as unknown as ScoresAnswer).toEqual({ stored: 3, superseded: 0 });
    expect(newer.body as unknown as ScoresAnswer).toEqual({ stored: 1, superseded: 0 });
    expect(late.body as unknown as ScoresAnswer).toEqual({ stored: 0, superseded: 1 });
    const roster = (
      await call('getRoster', {
        token: evaluator.token,
        params: { seasonId: season.id },
        query: { age_group: '15U Boys' },
      })
    ).body as unknown as RosterAnswer;
    expect(roster.scores.map((s) => [s.tryout_id, s.criterion, s.value, s.note ?? null]).sort()).toEqual(
      [
        [ids[0], 'shooting', 5, 'Quick release'],
        [ids[1], 'shooting', 3, null],
        [ids[2], 'shooting', 3, null],
      ].sort(),
    );
    // Each player was seen by one evaluator so far: flagged on the admin's rankings.
    const ranked = (
      await call('getRankings', {
        token: admin.token,
        params: { id: season.id },
        query: { age_group: '15U Boys' },
      })
    ).body as unknown as RankingsAnswer;
    expect(ranked.rows.map((r) => [r.evaluators.length, r.few_evaluators])).toEqual([
      [1, true],
      [2, false],
      [1, true],
    ]);
    // The roster is numbers and short names only.
    expect(roster.players.map((p) => p.name)).toEqual(['Avery Q.', 'Avery Q.', 'Avery Q.']);
    expect(JSON.stringify(roster)).not.toMatch(/2010-06-15|7805550|Quinn|@/);
  });

  it('refuses a whole batch with a score off the scale, off the criteria or of a group not scored', async () => {
    const { season, admin, ids } = await scoredSeason('Spring 2027 Tryouts');
    const evaluator = await helperOf(admin, season.id, 'evaluator', ['15U Girls']);
    const top = await helperOf(admin, season.id, 'evaluator', ['15U Boys']);
    const before = await tableSnapshot();
    const send = (token: string, scores: unknown[]) =>
      call('putScores', { token, params: { seasonId: season.id }, body: { scores } });

    const group = await send(evaluator.token, [score(ids[0]!, 'shooting', 3, '2026-11-27T01:00:00.000Z')]);
    const scale = await send(top.token, [
      score(ids[0]!, 'shooting', 5, '2026-11-27T01:00:00.000Z'),
      score(ids[1]!, 'shooting', 6, '2026-11-27T01:00:00.000Z'),
    ]);
    const criterion = await send(top.token, [score(ids[0]!, 'passing', 3, '2026-11-27T01:00:00.000Z')]);

    expect([group.status, group.body.message]).toEqual([403, 'You do not score this age group this season.']);
    expect([scale.status, scale.body.message]).toEqual([400, 'Scores go from 1 to 5 this season.']);
    expect([criterion.status, criterion.body.message]).toEqual([
      400,
      '“passing” is not one of this season’s criteria.',
    ]);
    expect(await tableSnapshot()).toBe(before);
  });

  it('ranks so a harsh evaluator does not sink their players, flags players seen by fewer than two, and tells families how many saw them', async () => {
    // Prepare: A scores everyone 1 point below B; C sees only the first player.
    const { season, admin, players, ids } = await scoredSeason('Summer 2027 Tryouts');
    const [a, b, c] = [
      await helperOf(admin, season.id, 'evaluator', ['15U Boys'], { first_name: 'Alex', last_name: 'Harsh' }),
      await helperOf(admin, season.id, 'evaluator', ['15U Boys'], { first_name: 'Blair', last_name: 'Kind' }),
      await helperOf(admin, season.id, 'evaluator', ['15U Boys'], { first_name: 'Cam', last_name: 'Once' }),
    ];
    const at = '2026-11-27T01:00:00.000Z';
    const give = (token: string, values: number[], only = ids.length) =>
      call('putScores', {
        token,
        params: { seasonId: season.id },
        body: {
          scores: ids
            .slice(0, only)
            .flatMap((id, i) => [
              score(id, 'shooting', values[i]!, at),
              score(id, 'defence', values[i]!, at),
            ]),
        },
      });
    await give(a.token, [1, 2, 3]);
    await give(b.token, [2, 3, 4]);
    await give(c.token, [5], 1);

    // Act
    const res = await call('getRankings', {
      token: admin.token,
      params: { id: season.id },
      query: { age_group: '15U Boys' },
    });

    // Assess
    expect(res.status).toBe(200);
    const { rows } = res.body as unknown as RankingsAnswer;
    expect(rows.map((r) => [r.tryout_number, r.evaluators, r.means, r.few_evaluators])).toEqual([
      [players[2]!.tryoutNumber, ['Alex Harsh', 'Blair Kind'], { shooting: 3.5, defence: 3.5 }, false],
      [players[1]!.tryoutNumber, ['Alex Harsh', 'Blair Kind'], { shooting: 2.5, defence: 2.5 }, false],
      [
        players[0]!.tryoutNumber,
        ['Alex Harsh', 'Blair Kind', 'Cam Once'],
        { shooting: 2.67, defence: 2.67 },
        false,
      ],
    ]);
    // A's and B's standard scores agree (−1.22, 0, 1.22); Cam's one generous score is Cam's own average (0),
    // so it lifts the first player's raw mean above the second's but not their overall.
    expect(rows.map((r) => r.overall)).toEqual([1.22, 0, -0.82]);
    // The download reads in a spreadsheet as the screen does: numbers as numbers, names as names.
    const file = await call('getRankings', {
      token: admin.token,
      params: { id: season.id },
      query: { age_group: '15U Boys', format: 'csv' },
    });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const sheet = parse(file.text, { bom: true }) as string[][];
    expect(sheet[0]).toEqual([
      'Tryout #',
      'First name',
      'Last name',
      'Age group',
      'Overall',
      'Shooting',
      'Defence',
      'Evaluators',
      'Seen by fewer than 2',
      'Result',
    ]);
    expect(sheet.slice(1).map((r) => [Number(r[0]), r[4], r[5], r[7]])).toEqual([
      [players[2]!.tryoutNumber, '1.22', '3.5', 'Alex Harsh; Blair Kind'],
      [players[1]!.tryoutNumber, '0', '2.5', 'Alex Harsh; Blair Kind'],
      [players[0]!.tryoutNumber, '-0.82', '2.67', 'Alex Harsh; Blair Kind; Cam Once'],
    ]);
    const [family] = (await call('getHouseholdTryouts', { token: players[0]!.token }))
      .body as unknown as HouseholdTryout[];
    // Tonight's session has not ended yet (it ends at 8 pm): no count until it has.
    expect(family!.seen_by === null || family!.seen_by === 3).toBe(true);
    expect(JSON.stringify(family)).not.toMatch(/shooting|defence/);
  });
});
