/**
 * Issue 37: what a helper's phone keeps on tryout night. A score is on the device before it is sent, a later
 * tap replaces the one waiting, a failed send keeps everything, and a tap made while its batch was on its way
 * waits for the next batch (never dropped as sent).
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Score } from '@club/shared/tryout-night';
import {
  closeDeviceStore,
  countWaitingScores,
  queueScore,
  sendWaitingScores,
  waitingScores,
} from './device-store';

const SEASON = 'season-1';
const tap = (tryout: string, criterion: string, value: number, id: string) =>
  queueScore({
    season_id: SEASON,
    tryout_id: tryout,
    criterion,
    value,
    scored_at: new Date().toISOString(),
    client_id: id,
  });

afterEach(async () => {
  closeDeviceStore();
  indexedDB.deleteDatabase('club-tryout-night');
});

describe('the phone’s outbox (issue 37)', () => {
  it('keeps one waiting score per player and criterion, the latest tap', async () => {
    await tap('t1', 'shooting', 2, 'a1');
    await tap('t1', 'shooting', 4, 'a2');
    await tap('t1', 'defence', 3, 'a3');

    expect((await waitingScores(SEASON)).map((s) => [s.criterion, s.value]).sort()).toEqual([
      ['defence', 3],
      ['shooting', 4],
    ]);
    expect([await countWaitingScores(SEASON), await countWaitingScores('season-10')]).toEqual([2, 0]);
  });

  it('sends 250 waiting scores in batches of at most 100 and keeps none once sent', async () => {
    for (let i = 0; i < 250; i++) await tap(`t${i}`, 'shooting', 3, `id${i}`);
    const batches: Score[][] = [];
    const counts: number[] = [];

    const sent = await sendWaitingScores(
      SEASON,
      async (scores) => {
        batches.push(scores);
      },
      (left) => counts.push(left),
    );

    expect(sent).toBe(250);
    expect(counts).toEqual([150, 50, 0]);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(new Set(batches.flat().map((s) => s.client_id)).size).toBe(250);
    expect(await waitingScores(SEASON)).toEqual([]);
  });

  it('keeps what the server did not take when a batch fails part-way', async () => {
    for (let i = 0; i < 250; i++) await tap(`t${i}`, 'shooting', 3, `id${i}`);
    let call = 0;

    await expect(
      sendWaitingScores(SEASON, async () => {
        call += 1;
        if (call === 2) throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow('Failed to fetch');

    // The first batch was taken; the second failed, so it and the third wait for the next try.
    expect((await waitingScores(SEASON)).length).toBe(150);
  });

  it('keeps every score when the network fails, and a tap made during a send for the next batch', async () => {
    await tap('t1', 'shooting', 2, 'first');
    await expect(
      sendWaitingScores(SEASON, () => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toThrow('Failed to fetch');
    expect((await waitingScores(SEASON)).map((s) => s.client_id)).toEqual(['first']);

    const seen: string[][] = [];
    await sendWaitingScores(SEASON, async (scores) => {
      seen.push(scores.map((s) => s.client_id));
      // The evaluator changes the score while this batch is on its way.
      if (seen.length === 1) await tap('t1', 'shooting', 5, 'second');
    });

    expect(seen).toEqual([['first'], ['second']]);
    expect(await waitingScores(SEASON)).toEqual([]);
  });
});
