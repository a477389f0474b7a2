/**
 * How a phone cuts its waiting scores into requests (issue 42). A batch is cut by its size as sent, not only
 * by its count: 100 scores with long notes in a script of 3-byte characters weigh more than the API reads
 * (MAX_REQUEST_BODY_BYTES), and a batch answered 413 would be sent again, and refused again, forever. So each
 * batch is at most MAX_SCORES_PER_BATCH scores and MAX_REQUEST_BODY_BYTES bytes, and a batch still answered
 * 413 (a server with a smaller limit) is sent again in halves. A single score the server refuses for good
 * (400: a phone clock far off, a criterion the club removed; 409: its id already holds another score) is set
 * aside with the server's message instead of holding every later score back.
 */
import { MAX_REQUEST_BODY_BYTES } from '@club/shared/request-limits';
import { MAX_SCORES_PER_BATCH, type Score } from '@club/shared/tryout-night';
import { ApiError } from '../../lib/api-client';

const encoder = new TextEncoder();
const bytes = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** The bytes of `{"scores":[]}`, the body around a batch. */
const ENVELOPE = bytes({ scores: [] });

/**
 * The scores in order, in batches whose body (`{"scores":[…]}` as JSON, in UTF-8) fits `maxBytes` and whose
 * count is at most `maxCount`. `body` turns a waiting score into what the request carries.
 */
export function scoreBatches<T>(
  scores: readonly T[],
  body: (score: T) => Score,
  maxBytes = MAX_REQUEST_BODY_BYTES,
  maxCount = MAX_SCORES_PER_BATCH,
): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let size = ENVELOPE;
  for (const score of scores) {
    const own = bytes(body(score));
    // Each score after the first adds its comma.
    const added = batch.length ? own + 1 : own;
    if (batch.length && (batch.length >= maxCount || size + added > maxBytes)) {
      batches.push(batch);
      batch = [];
      size = ENVELOPE;
    }
    size += batch.length ? own + 1 : own;
    batch.push(score);
  }
  if (batch.length) batches.push(batch);
  return batches;
}

const refusedForGood = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 409);

/**
 * Sends one batch; answered 413, sends it again in halves (each halved again as needed); a refusal for good
 * of a batch is halved too, down to the score refused, which is handed to `onRefused` (and counts as done).
 * `onDone` is told of each part the server took or refused. Any other failure stops and throws.
 */
export async function sendHalving<T>(
  batch: readonly T[],
  send: (batch: T[]) => Promise<unknown>,
  onDone: (part: T[]) => void | Promise<void>,
  onRefused: (score: T, error: ApiError) => void,
): Promise<void> {
  try {
    await send([...batch]);
  } catch (error) {
    const tooLarge = error instanceof ApiError && error.status === 413;
    if ((tooLarge || refusedForGood(error)) && batch.length > 1) {
      const half = Math.ceil(batch.length / 2);
      await sendHalving(batch.slice(0, half), send, onDone, onRefused);
      await sendHalving(batch.slice(half), send, onDone, onRefused);
      return;
    }
    if (refusedForGood(error)) {
      onRefused(batch[0]!, error as ApiError);
      await onDone([...batch]);
      return;
    }
    throw error;
  }
  await onDone([...batch]);
}
