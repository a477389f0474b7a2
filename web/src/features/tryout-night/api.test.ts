/**
 * Issue 42: a helper route that refuses the helper makes the phone forget what it kept for them. A job
 * ended or removed (403) takes the lists and the waiting taps (the server would refuse them); a session that
 * could not be renewed (401) takes the lists and leaves the taps to their helper; any other refusal (a
 * withdrawn child's 409) forgets nothing.
 */
import 'fake-indexeddb/auto';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { checkIn, getTonight } from './api';
import {
  closeDeviceStore,
  queueCheckin,
  readSnapshot,
  saveSnapshot,
  signedInOnDevice,
  waitingCheckins,
  waitingForOthers,
} from './device-store';

const SEASON = '00000000-0000-4000-8000-000000000001';
const OLIVE = { id: 'user-olive', name: 'Olive Tester' };

async function olivesPhone() {
  await signedInOnDevice(OLIVE);
  await saveSnapshot(`tonight:${SEASON}`, { players: ['Finn Tester'] });
  await queueCheckin({
    client_id: 'c1',
    season_id: SEASON,
    tryout_id: 't1',
    attended: true,
    at: '2026-11-27T01:42:00Z',
  });
}

const refusal = (status: number, message: string) => HttpResponse.json({ message }, { status });

beforeEach(olivesPhone);

afterEach(async () => {
  closeDeviceStore();
  indexedDB.deleteDatabase('club-tryout-night');
});

describe('a helper route that refuses the helper (issue 42)', () => {
  it('forgets the lists and the taps when the job has ended or was removed (403)', async () => {
    server.use(
      onRoute('getTonight', () =>
        refusal(403, 'You are not a helper for this job this season, or your access has ended.'),
      ),
    );

    await expect(getTonight(SEASON)).rejects.toMatchObject({ status: 403 });

    expect(await readSnapshot(`tonight:${SEASON}`)).toBeNull();
    await signedInOnDevice(OLIVE);
    expect(await waitingCheckins(SEASON)).toEqual([]);
  });

  it('forgets the lists, not the taps, when the session could not be renewed (401)', async () => {
    server.use(
      onRoute('getTonight', () => refusal(401, 'Authentication required.')),
      onRoute('refreshToken', () => refusal(401, 'Authentication required.')),
    );

    await expect(getTonight(SEASON)).rejects.toMatchObject({ status: 401 });

    expect(await readSnapshot(`tonight:${SEASON}`)).toBeNull();
    expect(await waitingForOthers()).toEqual([{ name: 'Olive Tester', count: 1 }]);
  });

  it('forgets nothing on another refusal (a withdrawn child)', async () => {
    server.use(onRoute('checkIn', () => refusal(409, 'Avery Quinn withdrew from this season.')));

    await expect(checkIn(SEASON, 't1', { attended: true })).rejects.toMatchObject({ status: 409 });

    expect(await readSnapshot(`tonight:${SEASON}`)).toEqual({ players: ['Finn Tester'] });
    expect(await waitingCheckins(SEASON)).toHaveLength(1);
  });
});
