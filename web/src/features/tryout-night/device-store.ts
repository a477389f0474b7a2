/**
 * What a helper's phone keeps on tryout night (issue 37), in IndexedDB (idb): the last roster or door list it
 * read, and every write it has not yet sent (scores, check-ins). A write goes to the device first, so a tap
 * is never lost to a dropped network, a closed tab or a restarted phone; the outbox sends what it holds in
 * batches when the network is back. Each write carries its own id and the device's time, and the server keeps
 * the latest per (who, which registration, what), so sending one twice changes nothing.
 *
 * A phone at the door is shared (issue 42): everything kept is bound to the helper signed in on it. Each
 * snapshot and waiting write carries its user; only the signed-in helper's are read and sent. Signing out
 * (or a session or grant that ended) forgets every snapshot; the writes stay, shown to anyone else only as
 * "n taps waiting for <name>", and are sent once that helper signs in again. A snapshot of a season goes
 * when the helper's job in that season ends.
 */
import { useEffect, useState } from 'react';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Score } from '@club/shared/tryout-night';
import type { ApiError } from '../../lib/api-client';
import { HELPER_DEVICE_DB } from '../../lib/helper-device-data';
import { scoreBatches, sendHalving } from './score-batches';

/** The helper signed in on the phone: whose snapshots are read and whose writes are sent. */
export interface DeviceUser {
  id: string;
  /** "Olive Tester": how the phone names whose taps wait when someone else holds it. */
  name: string;
}

/** Who made a waiting write (set by the store: callers never say). */
interface Owner {
  user_id?: string;
  user_name?: string;
}

/** A check-in made on the door's phone, waiting to be sent. */
export interface QueuedCheckin {
  client_id: string;
  season_id: string;
  tryout_id: string;
  attended: boolean;
  cash_collected?: boolean;
  /** The cash taken (or given back) in the tap, for the door's count while the tap waits. */
  cash_cents?: number;
  at: string;
  /** Taps of one millisecond keep their order (set by the store). */
  seq?: number;
}

/** A score waiting to be sent: the score as the API takes it, and its season. */
export interface QueuedScore extends Score {
  season_id: string;
}

interface Snapshot {
  key: string;
  saved_at: string;
  value: unknown;
  user_id?: string;
  /** When the helper's job in the snapshot's season ends: the snapshot is dropped after it. */
  until?: string | null;
}

interface DeviceSchema extends DBSchema {
  /** The last answer read per screen and season (`roster:<season>:<group>`, `tonight:<season>`). */
  snapshots: { key: string; value: Snapshot };
  /** Scores not yet sent, by (user, season, registration, criterion): a new tap replaces the one waiting. */
  scores: { key: string; value: QueuedScore & Owner & { key: string } };
  checkins: { key: string; value: QueuedCheckin & Owner };
}

const DB_NAME = HELPER_DEVICE_DB;

let opening: Promise<IDBPDatabase<DeviceSchema>> | undefined;

function database(): Promise<IDBPDatabase<DeviceSchema>> {
  opening ??= openDB<DeviceSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('snapshots', { keyPath: 'key' });
      db.createObjectStore('scores', { keyPath: 'key' });
      db.createObjectStore('checkins', { keyPath: 'client_id' });
    },
  });
  return opening;
}

/** Forgets the open connection (tests start each case on a fresh database). */
export function closeDeviceStore(): void {
  void opening?.then((db) => db.close());
  opening = undefined;
  told = undefined;
}

/** The snapshot row naming the helper signed in on this phone (gone with the snapshots at sign-out). */
const DEVICE_USER_KEY = 'device-user';
/** The grants snapshot (both apps keep `GET /helpers/me` under this key): when each season's job ends. */
const GRANTS_KEY = 'grants';

/** Who the helper pages said is signed in; undefined until they say (then the phone's own record). */
let told: Promise<DeviceUser | null> | undefined;

/** The helper whose data this page reads and sends: the signed-in one, else the one the phone kept. */
async function deviceUser(): Promise<DeviceUser | null> {
  if (told) return told;
  const row = await (await database()).get('snapshots', DEVICE_USER_KEY);
  return (row?.value as DeviceUser | undefined) ?? null;
}

/**
 * The helper pages say who is signed in (null: no session in this tab). A signed-in helper becomes the
 * phone's, and any other helper's snapshots go (their waiting writes stay theirs). No session: the helper
 * the phone kept, if they never signed out (a reopened tab, a restarted phone), else no one.
 */
export function signedInOnDevice(user: DeviceUser | null): Promise<DeviceUser | null> {
  told = (async () => {
    const db = await database();
    if (!user) {
      const row = await db.get('snapshots', DEVICE_USER_KEY);
      return (row?.value as DeviceUser | undefined) ?? null;
    }
    const tx = db.transaction('snapshots', 'readwrite');
    let cursor = await tx.store.openCursor();
    while (cursor) {
      if (cursor.value.user_id !== user.id) await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.store.put({
      key: DEVICE_USER_KEY,
      value: user,
      user_id: user.id,
      saved_at: new Date().toISOString(),
    });
    await tx.done;
    return user;
  })();
  return told;
}

/** React's way to say it: the page renders its app once the phone knows whose data it shows. */
export function useDeviceUser(
  user: DeviceUser | null,
  ready: boolean,
): { bound: boolean; user: DeviceUser | null } {
  const [state, setState] = useState<{ bound: boolean; user: DeviceUser | null }>({
    bound: false,
    user: null,
  });
  const id = user?.id;
  const name = user?.name;
  useEffect(() => {
    if (!ready) return undefined;
    let current = true;
    void signedInOnDevice(id && name !== undefined ? { id, name } : null).then((who) => {
      if (current) setState({ bound: true, user: who });
    });
    return () => {
      current = false;
    };
  }, [id, name, ready]);
  return state;
}

/**
 * Signing out: every snapshot goes (the lists, the grants, whose phone it is); the waiting writes stay with
 * their helper, to be sent when they sign in again. Also on a session that could not be renewed.
 */
export async function forgetSignedOut(): Promise<void> {
  told = Promise.resolve(null);
  // A phone that never opened a helper app has nothing to forget (and gets no database for it).
  if (!opening && 'databases' in indexedDB) {
    const kept = await indexedDB.databases();
    if (!kept.some((d) => d.name === DB_NAME)) return;
  }
  await (await database()).clear('snapshots');
}

/**
 * The helper's job ended or was removed (a helper route answered 403): their snapshots go, and so do their
 * waiting writes, which the server would refuse.
 */
export async function forgetHelperOnPhone(): Promise<void> {
  const user = await deviceUser();
  await forgetSignedOut();
  if (!user) return;
  const db = await database();
  const tx = db.transaction(['scores', 'checkins'], 'readwrite');
  for (const name of ['scores', 'checkins'] as const) {
    let cursor = await tx.objectStore(name).openCursor();
    while (cursor) {
      if (cursor.value.user_id === user.id) await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}

/** When the helper's job in a snapshot's season ends, from the grants they last read (null: not known). */
async function jobEnds(db: IDBPDatabase<DeviceSchema>, key: string, userId: string): Promise<string | null> {
  const seasonId = key.split(':')[1];
  if (!seasonId || key === GRANTS_KEY) return null;
  const grants = await db.get('snapshots', GRANTS_KEY);
  if (!grants || grants.user_id !== userId || !Array.isArray(grants.value)) return null;
  const ends = (grants.value as Array<{ season_id?: string; ends_at?: string | null }>)
    .filter((g) => g.season_id === seasonId && g.ends_at)
    .map((g) => g.ends_at!)
    .sort();
  return ends.at(-1) ?? null;
}

/** Keeps the last answer a screen read, for the signed-in helper only (no one signed in: kept for no one). */
export async function saveSnapshot(key: string, value: unknown): Promise<void> {
  const user = await deviceUser();
  if (!user) return;
  const db = await database();
  const until = await jobEnds(db, key, user.id);
  await db.put('snapshots', { key, value, saved_at: new Date().toISOString(), user_id: user.id, until });
}

/** The signed-in helper's last answer for a screen, while their job in its season lasts. */
export async function readSnapshot<T>(key: string, now: Date = new Date()): Promise<T | null> {
  const user = await deviceUser();
  if (!user) return null;
  const db = await database();
  const row = await db.get('snapshots', key);
  if (!row || row.user_id !== user.id) return null;
  if (row.until && Date.parse(row.until) <= now.getTime()) {
    await db.delete('snapshots', key);
    return null;
  }
  return row.value as T;
}

const scoreKeyOf = (userId: string, s: Pick<QueuedScore, 'season_id' | 'tryout_id' | 'criterion'>) =>
  `${userId}|${s.season_id}|${s.tryout_id}|${s.criterion}`;

/** Keeps a score on the device until it is sent; a later tap of the same criterion replaces it. */
export async function queueScore(score: QueuedScore): Promise<void> {
  const user = await deviceUser();
  if (!user) throw new Error('No helper is signed in on this phone.');
  await (
    await database()
  ).put('scores', {
    ...score,
    user_id: user.id,
    user_name: user.name,
    key: scoreKeyOf(user.id, score),
  });
}

/** How many of the season's scores wait (a count, not a read of them: it runs after every tap). */
export async function countWaitingScores(seasonId: string): Promise<number> {
  const user = await deviceUser();
  if (!user) return 0;
  const prefix = `${user.id}|${seasonId}|`;
  return (await database()).count('scores', IDBKeyRange.bound(prefix, `${prefix}\uffff`));
}

/** The signed-in helper's waiting scores (another helper's wait for them). */
export async function waitingScores(seasonId?: string): Promise<QueuedScore[]> {
  const user = await deviceUser();
  if (!user) return [];
  const all = await (await database()).getAll('scores');
  return all
    .filter((s) => s.user_id === user.id && (!seasonId || s.season_id === seasonId))
    .map(({ key: _key, user_id: _user, user_name: _name, ...score }) => score);
}

/** Taps made within one millisecond keep the order they were made in. */
let lastSeq = 0;

export async function queueCheckin(checkin: QueuedCheckin): Promise<void> {
  const user = await deviceUser();
  if (!user) throw new Error('No helper is signed in on this phone.');
  lastSeq = Math.max(lastSeq + 1, Date.now());
  await (
    await database()
  ).put('checkins', {
    ...checkin,
    seq: checkin.seq ?? lastSeq,
    user_id: user.id,
    user_name: user.name,
  });
}

/** The signed-in helper's waiting check-ins, in the order they were tapped (a slip undone stays undone). */
export async function waitingCheckins(seasonId?: string): Promise<QueuedCheckin[]> {
  const user = await deviceUser();
  if (!user) return [];
  const all = await (await database()).getAll('checkins');
  return all
    .filter((c) => c.user_id === user.id && (!seasonId || c.season_id === seasonId))
    .sort((a, b) => a.at.localeCompare(b.at) || (a.seq ?? 0) - (b.seq ?? 0))
    .map(({ user_id: _user, user_name: _name, ...checkin }) => checkin);
}

/** Writes waiting for helpers other than the one signed in, by name: "3 taps waiting for Olive Tester". */
export async function waitingForOthers(): Promise<Array<{ name: string; count: number }>> {
  const user = await deviceUser();
  const db = await database();
  const counts = new Map<string, { name: string; count: number }>();
  for (const row of [...(await db.getAll('scores')), ...(await db.getAll('checkins'))]) {
    if (!row.user_id || row.user_id === user?.id) continue;
    const seen = counts.get(row.user_id) ?? { name: row.user_name ?? 'another helper', count: 0 };
    seen.count += 1;
    counts.set(row.user_id, seen);
  }
  return [...counts.values()];
}

export async function forgetCheckin(clientId: string): Promise<void> {
  await (await database()).delete('checkins', clientId);
}

/**
 * Sends the season's waiting scores in batches that fit a request (score-batches.ts: at most
 * MAX_SCORES_PER_BATCH and the API's body limit, halved on 413), one after another (the server's writes are
 * the slow part; batches at once only contend for them), then forgets on the device what the server took; a
 * score tapped again meanwhile stays (it is newer). A score the server refuses for good is forgotten too and
 * handed to `onRefused`. Stops at the first other failure, keeping what was not taken (a batch taken twice is
 * harmless: the server keeps the latest); answers how many were sent.
 */
export async function sendWaitingScores(
  seasonId: string,
  send: (scores: Score[]) => Promise<unknown>,
  /** Told after each batch the server took how many still wait (the screen's count goes down as they go). */
  onTaken?: (stillWaiting: number) => void,
  /** Told of each score the server refused for good, with its answer. */
  onRefused?: (score: QueuedScore, error: ApiError) => void,
): Promise<number> {
  let sent = 0;
  const body = ({ season_id: _season, ...score }: QueuedScore): Score => score;
  for (;;) {
    const waiting = await waitingScores(seasonId);
    if (!waiting.length) return sent;
    const taken: QueuedScore[] = [];
    try {
      for (const batch of scoreBatches(waiting, body)) {
        await sendHalving(
          batch,
          (part) => send(part.map(body)),
          (part) => {
            taken.push(...part);
            onTaken?.(waiting.length - taken.length);
          },
          (score, error) => onRefused?.(score, error),
        );
      }
    } finally {
      // One transaction for all that was taken, once the phone is done talking to the server.
      await forgetSent(taken);
      sent += taken.length;
    }
  }
}

/** Removes the copies of these scores that were sent; a newer tap of the same criterion stays to be sent. */
async function forgetSent(batch: readonly QueuedScore[]): Promise<void> {
  const user = await deviceUser();
  if (!user || !batch.length) return;
  const scoreKey = (s: QueuedScore) => scoreKeyOf(user.id, s);
  const db = await database();
  const tx = db.transaction('scores', 'readwrite');
  // Every request asked at once (one transaction keeps them in order), instead of one round trip each.
  await Promise.all([
    ...batch.map(async (score) => {
      const now = await tx.store.get(scoreKey(score));
      if (now && now.client_id === score.client_id) await tx.store.delete(scoreKey(score));
    }),
    tx.done,
  ]);
}

/** A write's own id: random, so two devices never share one. */
export function newClientId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
