/**
 * Issue 42: a sign-out on any page forgets what the helper apps kept on this phone, through the account
 * calls (features/auth/api.ts): by hand (logout) and when the session cannot be renewed (a 401 from the
 * refresh). A network failure forgets nothing. The waiting taps stay with their helper.
 */
import 'fake-indexeddb/auto';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logout, refreshAccessToken } from '../features/auth/api';
import {
  closeDeviceStore,
  queueCheckin,
  readSnapshot,
  saveSnapshot,
  signedInOnDevice,
  waitingCheckins,
} from '../features/tryout-night/device-store';
import { server } from '../test/server';

const SEASON = 'season-1';
const OLIVE = { id: 'user-olive', name: 'Olive Tester' };

beforeEach(async () => {
  await signedInOnDevice(OLIVE);
  await saveSnapshot(`tonight:${SEASON}`, { players: ['Leo Okafor'] });
  await queueCheckin({
    season_id: SEASON,
    tryout_id: 't1',
    attended: true,
    at: new Date().toISOString(),
    client_id: 'c1',
  });
});

afterEach(async () => {
  closeDeviceStore();
  indexedDB.deleteDatabase('club-tryout-night');
});

/** What the phone keeps for Olive once she is back: her list (if any) and her waiting taps. */
async function keptForOlive() {
  closeDeviceStore();
  await signedInOnDevice(OLIVE);
  return {
    list: await readSnapshot(`tonight:${SEASON}`),
    taps: (await waitingCheckins(SEASON)).map((c) => c.client_id),
  };
}

describe('signing out forgets the helper apps’ lists', () => {
  it('on logout, even when the server cannot be reached', async () => {
    server.use(http.post('/api/auth/logout', () => HttpResponse.error()));

    await expect(logout()).rejects.toThrow();

    expect(await keptForOlive()).toEqual({ list: null, taps: ['c1'] });
  });

  it('when the session cannot be renewed (401), and not when the network fails', async () => {
    server.use(http.post('/api/auth/refresh-token', () => HttpResponse.error()));
    await expect(refreshAccessToken()).rejects.toThrow();
    expect((await keptForOlive()).list).toEqual({ players: ['Leo Okafor'] });

    server.use(
      http.post('/api/auth/refresh-token', () =>
        HttpResponse.json({ message: 'Your session has expired. Please log in again.' }, { status: 401 }),
      ),
    );
    await expect(refreshAccessToken()).rejects.toThrow();

    expect(await keptForOlive()).toEqual({ list: null, taps: ['c1'] });
  });
});
