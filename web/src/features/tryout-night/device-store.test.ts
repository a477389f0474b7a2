/**
 * Issue 37: what a helper's phone keeps on tryout night. A score is on the device before it is sent, a later
 * tap replaces the one waiting, a failed send keeps everything, and a tap made while its batch was on its way
 * waits for the next batch (never dropped as sent).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Score } from '@club/shared/tryout-night';
import { forgetHelperLists } from '../../lib/helper-device-data';
import {
  closeDeviceStore,
  countWaitingScores,
  forgetHelperOnPhone,
  forgetSignedOut,
  queueCheckin,
  queueScore,
  readSnapshot,
  saveSnapshot,
  sendWaitingScores,
  signedInOnDevice,
  waitingCheckins,
  waitingForOthers,
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

const OLIVE = { id: 'user-olive', name: 'Olive Tester' };
const PAT = { id: 'user-pat', name: 'Pat Gate' };

beforeEach(async () => {
  await signedInOnDevice(OLIVE);
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

describe('a shared phone (issue 42)', () => {
  const checkin = (client_id: string, attended: boolean, at = '2026-11-27T01:42:00.000Z') =>
    queueCheckin({ client_id, season_id: SEASON, tryout_id: 't1', attended, at });

  it('forgets every list at sign-out and shows the next holder only how many taps wait for whom', async () => {
    // Prepare: Olive's door list and three of her taps (two check-ins, a score), kept offline.
    await saveSnapshot(`tonight:${SEASON}`, { players: ['Finn Tester'] });
    await checkin('c1', true);
    await checkin('c2', true);
    await tap('t1', 'shooting', 4, 's1');

    // Act: Olive signs out; the phone opens with no one signed in.
    await forgetSignedOut();
    closeDeviceStore();
    const nobody = await signedInOnDevice(null);

    // Assess
    expect(nobody).toBeNull();
    expect(await readSnapshot(`tonight:${SEASON}`)).toBeNull();
    expect(await waitingCheckins(SEASON)).toEqual([]);
    expect(await waitingScores(SEASON)).toEqual([]);
    expect(await waitingForOthers()).toEqual([{ name: 'Olive Tester', count: 3 }]);
    await saveSnapshot(`tonight:${SEASON}`, { players: ['Leo Okafor'] });
    expect(await readSnapshot(`tonight:${SEASON}`)).toBeNull();

    // Olive signs in again: her taps are hers to send; her list must be read again.
    await signedInOnDevice(OLIVE);
    expect((await waitingCheckins(SEASON)).map((c) => c.client_id)).toEqual(['c1', 'c2']);
    expect(await countWaitingScores(SEASON)).toBe(1);
    expect(await readSnapshot(`tonight:${SEASON}`)).toBeNull();
    expect(await waitingForOthers()).toEqual([]);
  });

  it('keeps the list for a reopened tab of the helper who never signed out', async () => {
    await saveSnapshot(`tonight:${SEASON}`, { players: ['Finn Tester'] });
    closeDeviceStore();

    const who = await signedInOnDevice(null);

    expect(who).toEqual(OLIVE);
    expect(await readSnapshot(`tonight:${SEASON}`)).toEqual({ players: ['Finn Tester'] });
  });

  it('never reads or sends another helper’s data: Pat signs in where Olive did not sign out', async () => {
    await saveSnapshot(`tonight:${SEASON}`, { players: ['Finn Tester'] });
    await checkin('c1', true);
    await tap('t1', 'shooting', 4, 's1');

    await signedInOnDevice(PAT);
    const sent: Score[][] = [];
    await sendWaitingScores(SEASON, async (scores) => {
      sent.push(scores);
    });

    expect(await readSnapshot(`tonight:${SEASON}`)).toBeNull();
    expect(await waitingCheckins(SEASON)).toEqual([]);
    expect(sent).toEqual([]);
    expect(await waitingForOthers()).toEqual([{ name: 'Olive Tester', count: 2 }]);
    // Back on Olive's session, the phone did not keep her list for her (Pat's sign-in dropped it).
    await signedInOnDevice(OLIVE);
    expect(await readSnapshot(`tonight:${SEASON}`)).toBeNull();
    expect(await waitingScores(SEASON)).toHaveLength(1);
  });

  it('drops a season’s list once the helper’s job there has ended, not before', async () => {
    await saveSnapshot('grants', [
      { season_id: SEASON, role: 'check-in', ends_at: '2026-11-28T07:00:00.000Z' },
    ]);
    await saveSnapshot(`tonight:${SEASON}`, { players: ['Finn Tester'] });

    const before = await readSnapshot(`tonight:${SEASON}`, new Date('2026-11-28T06:59:59.000Z'));
    const after = await readSnapshot(`tonight:${SEASON}`, new Date('2026-11-28T07:00:00.000Z'));

    expect(before).toEqual({ players: ['Finn Tester'] });
    expect(after).toBeNull();
    expect(await readSnapshot(`tonight:${SEASON}`, new Date('2026-11-28T06:59:59.000Z'))).toBeNull();
  });

  it('forgets a removed helper’s lists and taps (the server refuses them), not another helper’s', async () => {
    await checkin('c1', true);
    await signedInOnDevice(PAT);
    await saveSnapshot(`tonight:${SEASON}`, { players: ['Finn Tester'] });
    await checkin('p1', true);

    await forgetHelperOnPhone();

    expect(await readSnapshot(`tonight:${SEASON}`)).toBeNull();
    expect(await waitingForOthers()).toEqual([{ name: 'Olive Tester', count: 1 }]);
    await signedInOnDevice(OLIVE);
    expect((await waitingCheckins(SEASON)).map((c) => c.client_id)).toEqual(['c1']);
  });

  it('sends check-ins queued offline in the order they were tapped: a corrected slip stays corrected', async () => {
    // In, then undone, in the same millisecond; the undo's id sorts first.
    await checkin('b-in', true);
    await checkin('a-undo', false);

    const order = (await waitingCheckins(SEASON)).map((c) => [c.client_id, c.attended]);

    expect(order).toEqual([
      ['b-in', true],
      ['a-undo', false],
    ]);
  });
});

describe('signing out from any page (issue 42)', () => {
  it('forgets every kept list and keeps the helper’s waiting taps, as the account calls’ sign-out does', async () => {
    // Prepare: Olive's list and two taps waiting on the phone.
    await saveSnapshot(`tonight:${SEASON}`, { players: ['Leo Okafor'] });
    await queueCheckin({
      season_id: SEASON,
      tryout_id: 't1',
      attended: true,
      at: new Date().toISOString(),
      client_id: 'c1',
    });
    await tap('t1', 'shooting', 4, 's1');

    // Act: the sign-out's own code (lib/helper-device-data.ts), with the helper app's connection open.
    await forgetHelperLists();
    closeDeviceStore();

    // Assess: signed out, nothing of the list; Olive's taps still wait for her.
    expect(await signedInOnDevice(null)).toBeNull();
    expect(await waitingForOthers()).toEqual([{ name: 'Olive Tester', count: 2 }]);
    await signedInOnDevice(OLIVE);
    expect(await readSnapshot(`tonight:${SEASON}`)).toBeNull();
    expect((await waitingCheckins(SEASON)).map((c) => c.client_id)).toEqual(['c1']);
  });

  it('makes no database on a phone that never opened a helper app, even where the browser cannot list them', async () => {
    closeDeviceStore();
    indexedDB.deleteDatabase('club-tryout-night');
    const list = indexedDB.databases.bind(indexedDB);
    try {
      // A browser without indexedDB.databases().
      delete (Object.getPrototypeOf(indexedDB) as { databases?: unknown }).databases;
      await forgetHelperLists();
    } finally {
      Object.getPrototypeOf(indexedDB).databases = list;
    }

    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('club-tryout-night');
    // The helper app still opens its own database, stores and all.
    await signedInOnDevice(OLIVE);
    await saveSnapshot(`tonight:${SEASON}`, { players: ['Leo Okafor'] });
    expect(await readSnapshot(`tonight:${SEASON}`)).toEqual({ players: ['Leo Okafor'] });
  });
});
