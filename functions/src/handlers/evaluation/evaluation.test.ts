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
import { GYM, helperOf, seasonTonight, withdrewBeforeTonight } from '../../../test/tryout-night';
import { aScore } from '../../../test/builders';

const CRITERIA = {
  criteria: [
    { key: 'shooting', label: 'Shooting' },
    { key: 'defence', label: 'Defence' },
  ],
  scale_max: 5,
};

let clientIds = 0;
const score = (tryoutId: string, criterion: string, value: number, at: string, note?: string) =>
  aScore(tryoutId, {
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
  return { season, admin, players, ids, at: secondsAfter(Date.now()) };
}

/** A phone's time for a score: so many seconds after `start` (a moment after the season began). */
const secondsAfter = (start: number) => (seconds: number) => new Date(start + seconds * 1000).toISOString();

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
    const { season, admin, ids, at } = await scoredSeason('Winter 2026 Tryouts');
    const evaluator = await helperOf(admin, season.id, 'evaluator', ['15U Boys']);
    const other = await helperOf(admin, season.id, 'evaluator', ['15U Boys'], {
      first_name: 'Kim',
      last_name: 'Lee',
    });
    const batch = ids.map((id) => score(id, 'shooting', 3, at(60)));
    const send = (token: string, scores: unknown[]) =>
      call('putScores', { token, params: { seasonId: season.id }, body: { scores } });

    // Act
    const first = await send(evaluator.token, batch);
    const twice = await send(evaluator.token, batch);
    const newer = await send(evaluator.token, [score(ids[0]!, 'shooting', 5, at(65), 'Quick release')]);
    const late = await send(evaluator.token, [score(ids[0]!, 'shooting', 1, at(59))]);
    await send(other.token, [score(ids[1]!, 'defence', 4, at(60))]);

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
    const { season, admin, ids, at } = await scoredSeason('Spring 2027 Tryouts');
    const evaluator = await helperOf(admin, season.id, 'evaluator', ['15U Girls']);
    const top = await helperOf(admin, season.id, 'evaluator', ['15U Boys']);
    const before = await tableSnapshot();
    const send = (token: string, scores: unknown[]) =>
      call('putScores', { token, params: { seasonId: season.id }, body: { scores } });

    const group = await send(evaluator.token, [score(ids[0]!, 'shooting', 3, at(60))]);
    const scale = await send(top.token, [
      score(ids[0]!, 'shooting', 5, at(60)),
      score(ids[1]!, 'shooting', 6, at(60)),
    ]);
    const criterion = await send(top.token, [score(ids[0]!, 'passing', 3, at(60))]);

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
    const { season, admin, players, ids, at: after } = await scoredSeason('Summer 2027 Tryouts');
    const [a, b, c] = [
      await helperOf(admin, season.id, 'evaluator', ['15U Boys'], { first_name: 'Alex', last_name: 'Harsh' }),
      await helperOf(admin, season.id, 'evaluator', ['15U Boys'], { first_name: 'Blair', last_name: 'Kind' }),
      await helperOf(admin, season.id, 'evaluator', ['15U Boys'], { first_name: 'Cam', last_name: 'Once' }),
    ];
    const at = after(60);
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
    const noted = await call('putScores', {
      token: c.token,
      params: { seasonId: season.id },
      body: { scores: [score(ids[0]!, 'shooting', 5, after(61), 'Quick first step')] },
    });
    expect(noted.status).toBe(200);

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
    // A volunteer reads the overall on the 1–5 scale, the rank from the normalised overall beside it, and
    // the notes (issue 42).
    expect(rows.map((r) => [r.average, r.rank])).toEqual([
      [3.5, 1],
      [2.5, 2],
      [2.67, 3],
    ]);
    expect(rows.map((r) => r.notes)).toEqual([
      [],
      [],
      [{ evaluator: 'Cam Once', criterion: 'Shooting', note: 'Quick first step' }],
    ]);
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
    // A family never reads the scores themselves (when "Seen by" shows: the test of issue 42 below).
    expect(JSON.stringify(family)).not.toMatch(/shooting|defence/);
  });
});

/** "2026-11-27T12:50" in Edmonton for `minutes` from now: a session's wall-clock time as the admin types it. */
function clubClock(minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Edmonton',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

describe('scores the coaches can trust (issue 42)', () => {
  const send = (token: string, seasonId: string, scores: unknown[]) =>
    call('putScores', { token, params: { seasonId }, body: { scores } });

  it('refuses a score dated more than five minutes after the server’s clock, or before the season began', async () => {
    // Prepare
    const { season, admin, ids } = await scoredSeason('Fall 2027 Tryouts');
    const evaluator = await helperOf(admin, season.id, 'evaluator', ['15U Boys']);
    const fromNow = secondsAfter(Date.now());
    const began = Date.parse((season as unknown as { created_at: string }).created_at);
    expect(Number.isNaN(began)).toBe(false);
    const before = await tableSnapshot();

    // Act: a phone whose clock says 2099, one six minutes fast, one the day before the season
    const future = await send(evaluator.token, season.id, [
      score(ids[0]!, 'shooting', 3, '2099-01-01T00:00:00.000Z'),
    ]);
    const fast = await send(evaluator.token, season.id, [
      score(ids[0]!, 'defence', 4, fromNow(0)),
      score(ids[0]!, 'shooting', 3, fromNow(6 * 60)),
    ]);
    const early = await send(evaluator.token, season.id, [
      score(ids[0]!, 'shooting', 3, new Date(began - 24 * 60 * 60 * 1000).toISOString()),
    ]);
    const afterRefusals = await tableSnapshot();
    // …and on the other side of each limit: four minutes fast, and the second the season began.
    const slightlyFast = await send(evaluator.token, season.id, [
      score(ids[0]!, 'shooting', 3, fromNow(4 * 60)),
    ]);
    const atStart = await send(evaluator.token, season.id, [
      score(ids[1]!, 'shooting', 2, new Date(began).toISOString()),
    ]);

    // Assess
    const clock =
      'A score’s time is ahead of the club’s clock. Set the phone’s date and time to automatic, then score again.';
    expect([future.status, future.body.message]).toEqual([400, clock]);
    expect([fast.status, fast.body.message]).toEqual([400, clock]);
    expect([early.status, early.body.message]).toEqual([
      400,
      'A score’s time is before this season began. Set the phone’s date and time to automatic, then score again.',
    ]);
    expect(afterRefusals).toBe(before);
    expect(slightlyFast.body as unknown as ScoresAnswer).toEqual({ stored: 1, superseded: 0 });
    expect(atStart.body as unknown as ScoresAnswer).toEqual({ stored: 1, superseded: 0 });
  });

  it('takes an id as one score: its resend is the same score, the same id with another value is 409', async () => {
    // Prepare
    const { season, admin, ids, at } = await scoredSeason('Winter 2027 Tryouts');
    const evaluator = await helperOf(admin, season.id, 'evaluator', ['15U Boys']);
    const first = {
      ...score(ids[0]!, 'shooting', 3, at(10), 'Strong left hand'),
      client_id: 'tap-0001-abcdef',
    };
    expect((await send(evaluator.token, season.id, [first])).status).toBe(200);
    const before = await tableSnapshot();

    // Act
    const resent = await send(evaluator.token, season.id, [first]);
    const otherValue = await send(evaluator.token, season.id, [{ ...first, value: 5 }]);
    const otherNote = await send(evaluator.token, season.id, [{ ...first, note: 'Weak left hand' }]);
    const twiceInOne = await send(evaluator.token, season.id, [
      { ...first, tryout_id: ids[1]!, client_id: 'tap-0002-abcdef' },
      { ...first, tryout_id: ids[1]!, client_id: 'tap-0002-abcdef', value: 1 },
    ]);

    // Assess
    const reused = 'This score’s id was already sent with another score. Score the player again.';
    expect(resent.body as unknown as ScoresAnswer).toEqual({ stored: 1, superseded: 0 });
    expect([otherValue.status, otherValue.body.message]).toEqual([409, reused]);
    expect([otherNote.status, otherNote.body.message]).toEqual([409, reused]);
    expect([twiceInOne.status, twiceInOne.body.message]).toEqual([409, reused]);
    expect(await tableSnapshot()).toBe(before);
  });

  it('tells a family “Seen by” only once their session has ended, and never from scores of a player not checked in or withdrawn', async () => {
    // Prepare: three players scored by one evaluator while the session runs; only the first is checked in,
    // the third withdraws.
    const { season, admin, players, ids, at } = await scoredSeason('Spring 2028 Tryouts');
    const session = (starts: number, ends: number) =>
      call('updateSeason', {
        token: admin.token,
        params: { id: season.id },
        body: {
          sessions: [
            {
              kind: 'tryout',
              age_groups: ['15U Boys'],
              starts_at: clubClock(starts),
              ends_at: clubClock(ends),
              ...GYM,
            },
          ],
        },
      });
    await withdrewBeforeTonight(season.id, players[2]!.id);
    expect((await session(-60, 60)).status).toBe(200);
    const checked = await call('setAttended', {
      token: admin.token,
      params: { id: ids[0]! },
      body: { attended: true },
    });
    expect(checked.status).toBe(200);
    const evaluator = await helperOf(admin, season.id, 'evaluator', ['15U Boys']);
    const sent = await send(
      evaluator.token,
      season.id,
      ids.map((id) => score(id, 'shooting', 4, at(10))),
    );
    expect(sent.body as unknown as ScoresAnswer).toEqual({ stored: 3, superseded: 0 });
    const seenBy = async () =>
      Promise.all(
        players.map(async (p) => {
          const [mine] = (await call('getHouseholdTryouts', { token: p.token }))
            .body as unknown as HouseholdTryout[];
          return mine!.seen_by;
        }),
      );

    // Act + Assess: while the session runs, nobody reads a count…
    expect(await seenBy()).toEqual([null, null, null]);
    // …once it has ended, the checked-in player reads 1; the absent and the withdrawn 0 ("Seen by" hidden).
    expect((await session(-120, -1)).status).toBe(200);
    expect(await seenBy()).toEqual([1, 0, 0]);
  });
});
