/**
 * Issue 42: a valid batch of scores never exceeds the API's body limit (64 KiB). 100 scores with 280-character
 * notes in a 3-byte script weigh about 100 KB: cut by size they go in requests that fit; a server still
 * answering 413 gets halves; a score refused for good is set aside instead of blocking the rest forever.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Score } from '@club/shared/tryout-night';
import { ApiError } from '../../lib/api-client';
import {
  closeDeviceStore,
  queueScore,
  sendWaitingScores,
  signedInOnDevice,
  waitingScores,
} from './device-store';
import { scoreBatches } from './score-batches';

const SEASON = 'season-1';
const LIMIT = 64 * 1024;
/** 280 characters of Devanagari: three bytes each in UTF-8. */
const LONG_NOTE = 'क'.repeat(280);

const score = (i: number, note?: string): Score & { season_id: string } => ({
  season_id: SEASON,
  tryout_id: `${SEASON}.player-${String(i).padStart(3, '0')}`,
  criterion: 'shooting',
  value: 3,
  ...(note ? { note } : {}),
  scored_at: '2026-11-27T01:00:00.000Z',
  client_id: `client-${String(i).padStart(4, '0')}`,
});
const body = ({ season_id: _s, ...rest }: Score & { season_id: string }): Score => rest;
const sizeOf = (scores: readonly Score[]) => new TextEncoder().encode(JSON.stringify({ scores })).length;

// The phone's scores are the signed-in evaluator's (issue 42).
beforeEach(async () => {
  await signedInOnDevice({ id: 'user-eve', name: 'Eve Tester' });
});

afterEach(async () => {
  closeDeviceStore();
  indexedDB.deleteDatabase('club-tryout-night');
});

describe('batches that fit the request limit (issue 42)', () => {
  it('cuts 100 scores with 280-character notes in a 3-byte script into requests of at most 64 KiB', () => {
    const scores = Array.from({ length: 100 }, (_, i) => score(i, LONG_NOTE));
    expect(sizeOf(scores.map(body))).toBeGreaterThan(LIMIT);

    const batches = scoreBatches(scores, body);

    expect(batches.length).toBe(2);
    for (const batch of batches) expect(sizeOf(batch.map(body))).toBeLessThanOrEqual(LIMIT);
    expect(batches.flat()).toEqual(scores);
  });

  it('keeps a batch that is exactly the limit whole, and cuts one a byte over', () => {
    const two = [score(1, 'a'), score(2, 'b')];
    const exact = sizeOf(two.map(body));

    expect(scoreBatches(two, body, exact).map((b) => b.length)).toEqual([2]);
    expect(scoreBatches(two, body, exact - 1).map((b) => b.length)).toEqual([1, 1]);
    // And never more than 100 scores, however small.
    const many = Array.from({ length: 101 }, (_, i) => score(i));
    expect(scoreBatches(many, body).map((b) => b.length)).toEqual([100, 1]);
  });

  it('sends the waiting scores in halves while the server answers 413, and forgets them once taken', async () => {
    for (let i = 0; i < 40; i++) await queueScore(score(i, LONG_NOTE));
    // A server with a smaller limit than the phone knows: about ten such scores per request.
    const smallLimit = 10 * 1000;
    const sizes: number[] = [];

    const sent = await sendWaitingScores(SEASON, async (scores) => {
      if (sizeOf(scores) > smallLimit) throw new ApiError(413, { message: 'Request is too large.' });
      sizes.push(scores.length);
    });

    expect(sent).toBe(40);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
    expect(await waitingScores(SEASON)).toEqual([]);
  });

  it('sets aside a score the server refuses for good, with its message, and sends the others', async () => {
    for (let i = 0; i < 8; i++) await queueScore(score(i));
    const refused: Array<[string, string]> = [];
    const clock = 'A score’s time is ahead of the club’s clock.';
    const taken: string[] = [];

    await sendWaitingScores(
      SEASON,
      async (scores) => {
        if (scores.some((s) => s.client_id === 'client-0005')) throw new ApiError(400, { message: clock });
        taken.push(...scores.map((s) => s.client_id));
      },
      undefined,
      (s, error) => refused.push([s.client_id, error.serverMessage ?? '']),
    );

    expect(refused).toEqual([['client-0005', clock]]);
    expect(taken.sort()).toEqual([
      'client-0000',
      'client-0001',
      'client-0002',
      'client-0003',
      'client-0004',
      'client-0006',
      'client-0007',
    ]);
    expect(await waitingScores(SEASON)).toEqual([]);
  });
});
