/**
 * What a helper's phone keeps on tryout night (issue 37), in IndexedDB (idb): the last roster or door list it
 * read, and every write it has not yet sent (scores, check-ins). A write goes to the device first, so a tap
 * is never lost to a dropped network, a closed tab or a restarted phone; the outbox sends what it holds in
 * batches when the network is back. Each write carries its own id and the device's time, and the server keeps
 * the latest per (who, which registration, what), so sending one twice changes nothing.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Score } from '@club/shared/tryout-night';
import type { ApiError } from '../../lib/api-client';
import { scoreBatches, sendHalving } from './score-batches';

/** A check-in made on the door's phone, waiting to be sent. */
export interface QueuedCheckin {
  client_id: string;
  season_id: string;
  tryout_id: string;
  attended: boolean;
  cash_collected?: boolean;
  at: string;
}

/** A score waiting to be sent: the score as the API takes it, and its season. */
export interface QueuedScore extends Score {
  season_id: string;
}

interface DeviceSchema extends DBSchema {
  /** The last answer read per screen and season (`roster:<season>:<group>`, `tonight:<season>`). */
  snapshots: { key: string; value: { key: string; saved_at: string; value: unknown } };
  /** Scores not yet sent, by (season, registration, criterion): a new tap replaces the one waiting. */
  scores: { key: string; value: QueuedScore & { key: string } };
  checkins: { key: string; value: QueuedCheckin };
}

const DB_NAME = 'club-tryout-night';

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
}

export async function saveSnapshot(key: string, value: unknown): Promise<void> {
  await (await database()).put('snapshots', { key, value, saved_at: new Date().toISOString() });
}

export async function readSnapshot<T>(key: string): Promise<T | null> {
  const row = await (await database()).get('snapshots', key);
  return row ? (row.value as T) : null;
}

const scoreKey = (s: Pick<QueuedScore, 'season_id' | 'tryout_id' | 'criterion'>) =>
  `${s.season_id}|${s.tryout_id}|${s.criterion}`;

/** Keeps a score on the device until it is sent; a later tap of the same criterion replaces it. */
export async function queueScore(score: QueuedScore): Promise<void> {
  await (await database()).put('scores', { ...score, key: scoreKey(score) });
}

/** How many of the season's scores wait (a count, not a read of them: it runs after every tap). */
export async function countWaitingScores(seasonId: string): Promise<number> {
  return (await database()).count('scores', IDBKeyRange.bound(`${seasonId}|`, `${seasonId}|\uffff`));
}

export async function waitingScores(seasonId?: string): Promise<QueuedScore[]> {
  const all = await (await database()).getAll('scores');
  return all.filter((s) => !seasonId || s.season_id === seasonId).map(({ key: _key, ...score }) => score);
}

export async function queueCheckin(checkin: QueuedCheckin): Promise<void> {
  await (await database()).put('checkins', checkin);
}

export async function waitingCheckins(seasonId?: string): Promise<QueuedCheckin[]> {
  const all = await (await database()).getAll('checkins');
  return all.filter((c) => !seasonId || c.season_id === seasonId).sort((a, b) => a.at.localeCompare(b.at));
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
