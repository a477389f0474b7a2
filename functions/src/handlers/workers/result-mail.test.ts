/**
 * The result-mail worker: handed SQS events directly (duplicates, redeliveries, time running out, a mail
 * service that throttles or errs), and run by the local poller through a stop and a restart of both the
 * worker and the queue emulator, which forgets its messages. This file has its own queue emulator, so it
 * can restart it without disturbing other files.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { getResultRound } from '../../db/mail/result-mail';
import {
  adminCalls,
  BULK_TIMEOUT_MS,
  createAdmin,
  mailCounts,
  seedRegistrations,
  startWorker,
  waitFor,
  type SeededRow,
} from '../../../test/admin';
import { openSeason } from '../../../test/players';
import { startRefusingMail, type RefusingMail } from '../../../test/refusing-mail';
import { freePort } from '../../../../scripts/src/local/ports';
import { ensureResultMailQueue } from '../../../../scripts/src/local/provision';
import { startQueue, type RunningService } from '../../../../scripts/src/local/services';
import { handler } from './result-mail';
import { ok } from '../../../test/builders';

let proxy: RefusingMail;
let queue: RunningService;
let queuePort: number;
let token: string;
let api: ReturnType<typeof adminCalls>;

/** Starts (or restarts) this file's emulator on its port; the queue's URL is the same every time. */
async function startOwnQueue(): Promise<void> {
  queue = await startQueue({ port: queuePort });
  process.env.RESULT_MAIL_QUEUE_URL = await ensureResultMailQueue(
    queue.url,
    `${process.env.TABLE_NAME}-result-mail`,
  );
}

beforeAll(async () => {
  proxy = await startRefusingMail(inject('mailEndpoint'));
  queuePort = await freePort();
  await startOwnQueue();
  // Before the functions first read their configuration in this file, so their clients are made with these.
  process.env.SES_ENDPOINT = proxy.url;
  process.env.SQS_ENDPOINT = queue.url;
  token = (await createAdmin()).token;
  api = adminCalls(token);
});

afterAll(async () => {
  await queue?.stop();
  await proxy?.stop();
});

const rowOf = async (seasonId: string, id: string) => (await api.rows(seasonId)).find((r) => r.id === id)!;
const mailsTo = async (row: SeededRow) => (await mailCounts([row.email])).get(row.email);

/** An SQS event as the event source delivers it, one record per message body. */
function event(...bodies: unknown[]): SQSEvent {
  return {
    Records: bodies.map((body) => ({
      messageId: randomUUID(),
      receiptHandle: randomUUID(),
      body: typeof body === 'string' ? body : JSON.stringify(body),
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: String(Date.now()),
        SenderId: 'test',
        ApproximateFirstReceiveTimestamp: String(Date.now()),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:ca-central-1:000000000000:test',
      awsRegion: 'ca-central-1',
    })),
  };
}
const withTime = (ms: number) => ({ getRemainingTimeInMillis: () => ms });
const A_MINUTE = withTime(60_000);

/** The message the season's current round put on the queue for a row (result version 1). */
async function messageFor(seasonId: string, row: SeededRow) {
  return { tryout_id: row.id, version: 1, round: (await getResultRound(seasonId))!.id };
}

/** One decided row, asked for by an admin's send (the message itself stays unread on the queue). */
async function queuedRow(result: 'selected' | 'not_selected' = 'selected') {
  const season = await openSeason();
  const [row] = await seedRegistrations(season.id, 1, { result });
  await api.send(season.id);
  return { season, row: row!, message: await messageFor(season.id, row!) };
}

describe('the worker handed messages', () => {
  it('mails once for a message delivered twice in a batch and again in a later batch', async () => {
    const { season, row, message } = await queuedRow();

    const first = await handler(event(message, message), A_MINUTE);
    const again = await handler(event(message), A_MINUTE);

    expect(first.batchItemFailures).toEqual([]);
    expect(again.batchItemFailures).toEqual([]);
    expect(await mailsTo(row)).toBe(1);
    expect(await rowOf(season.id, row.id)).toMatchObject({ email_sent: true, email_status: 'sent' });
  });

  it('mails a family once for its message delivered twice at once and again later, and marks each child Sent (issue 42)', async () => {
    // Prepare: three children of one guardian, decided, asked for by a send; their one message is unread.
    const season = await openSeason();
    const guardian = {
      name: 'Priya Sharma',
      email: `priya-${randomUUID()}@example.test`,
      phone_number: '7805550134',
    };
    const parentId = randomUUID();
    const rows = await seedRegistrations(season.id, 3, {
      result: 'selected',
      overrides: (i) => ({
        user_id: parentId,
        first_name: ['Freya', 'Leo', 'Maya'][i]!,
        guardians: [guardian],
      }),
    });
    expect((await api.send(season.id)).details).toMatchObject({ total: 3, queued: 3 });
    const round = (await getResultRound(season.id))!.id;
    const message = {
      tryout_id: rows[0]!.id,
      version: 1,
      round,
      with: rows.slice(1).map((r) => ({ tryout_id: r.id, version: 1 })),
    };

    // Act
    const first = await handler(event(message, message), A_MINUTE);
    const again = await handler(event(message), A_MINUTE);

    // Assess
    expect(first.batchItemFailures).toEqual([]);
    expect(again.batchItemFailures).toEqual([]);
    expect((await mailCounts([guardian.email])).get(guardian.email)).toBe(1);
    for (const row of rows) {
      expect(await rowOf(season.id, row.id)).toMatchObject({ email_sent: true, email_status: 'sent' });
    }
  });

  it('hands the message back without claiming when less than 20 s remain, and sends with more', async () => {
    // 20 s: the SES call's 10 s timeout and 10 s to record its outcome.
    const { season, row, message } = await queuedRow();
    const short = event(message);

    const tooLate = await handler(short, withTime(19_500));
    const rowAfterTooLate = await rowOf(season.id, row.id);
    const inTime = await handler(event(message), withTime(20_500));

    expect(tooLate.batchItemFailures).toEqual([{ itemIdentifier: short.Records[0]!.messageId }]);
    expect(rowAfterTooLate).toMatchObject({ email_sent: false, email_status: 'queued' });
    expect(inTime.batchItemFailures).toEqual([]);
    expect(await mailsTo(row)).toBe(1);
  });

  it('gives a throttled mail back to the queue unsent, and sends it on a later delivery', async () => {
    const { season, row, message } = await queuedRow();
    proxy.failures.set(row.email, 'throttle');
    const throttled = event(message);

    const answer = await handler(throttled, A_MINUTE);
    const rowWhileThrottled = await rowOf(season.id, row.id);
    proxy.failures.delete(row.email);
    const later = await handler(event(message), A_MINUTE);

    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: throttled.Records[0]!.messageId }]);
    expect(rowWhileThrottled).toMatchObject({ email_sent: false, email_status: 'queued' });
    expect(later.batchItemFailures).toEqual([]);
    expect(await mailsTo(row)).toBe(1);
  });

  it('marks a mail whose outcome is unknown failed, never resends it on redelivery, and the next send mails it', async () => {
    const { season, row, message } = await queuedRow('not_selected');
    proxy.failures.set(row.email, 'server-error');

    await handler(event(message), A_MINUTE);
    proxy.failures.delete(row.email);
    const redelivered = await handler(event(message), A_MINUTE);
    const listed = await api.progress(season.id);
    const mailsBefore = await mailsTo(row);
    await api.send(season.id);
    await handler(event(await messageFor(season.id, row)), A_MINUTE);

    expect(redelivered.batchItemFailures).toEqual([]);
    expect(mailsBefore).toBe(0);
    expect(listed.failedEmails).toEqual([{ name: row.name, email: row.email }]);
    expect(await mailsTo(row)).toBe(1);
  });

  it('treats a sender whose lease ran out as failed: no resend by a redelivery, the next send mails it', async () => {
    const { season, row, message } = await queuedRow();
    // A sender claimed the row for the round and stopped before recording anything, two minutes ago.
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(season.id, row.userId),
        UpdateExpression: 'SET mail_state = :s, mail_round = :r, mail_claim = :c, mail_lease_until = :l',
        ExpressionAttributeValues: {
          ':s': 'sending',
          ':r': message.round,
          ':c': 'gone',
          ':l': Date.now() - 1,
        },
      }),
    );

    const shown = await rowOf(season.id, row.id);
    await handler(event(message), A_MINUTE);
    const mailsAfterRedelivery = await mailsTo(row);
    const resent = await api.send(season.id);
    await handler(event(await messageFor(season.id, row)), A_MINUTE);

    expect(shown).toMatchObject({ email_sent: false, email_status: 'failed' });
    expect(mailsAfterRedelivery).toBe(0);
    expect(resent.details.total).toBe(1);
    expect(await mailsTo(row)).toBe(1);
  });

  it('lets no message of an older round try a row again once a newer round has tried it', async () => {
    const { season, row, message: first } = await queuedRow();
    proxy.failures.set(row.email, 'refuse');
    await handler(event(first), A_MINUTE);
    await api.send(season.id);
    await handler(event(await messageFor(season.id, row)), A_MINUTE);
    const triesBefore = proxy.refusals();

    const stale = await handler(event(first), A_MINUTE);
    proxy.failures.delete(row.email);

    expect(stale.batchItemFailures).toEqual([]);
    expect(proxy.refusals()).toBe(triesBefore);
    expect(await mailsTo(row)).toBe(0);
    expect(await rowOf(season.id, row.id)).toMatchObject({ email_status: 'failed' });
  });

  it('sends nothing for a message about a result that has since changed', async () => {
    const { season, row, message } = await queuedRow();
    await ok('setSelection', { token, params: { id: row.id }, body: { result: 'not_selected' } });

    const answer = await handler(event(message), A_MINUTE);

    expect(answer.batchItemFailures).toEqual([]);
    expect(await mailsTo(row)).toBe(0);
    expect(await rowOf(season.id, row.id)).toMatchObject({
      result: 'not_selected',
      email_status: 'not_sent',
    });
  });

  it('acknowledges an unreadable message without sending anything', async () => {
    const answer = await handler(event('not json', { tryout_id: 'x', version: 1 }), A_MINUTE);

    expect(answer.batchItemFailures).toEqual([]);
  });
});

describe('the worker and the queue emulator restarted mid-send', () => {
  it(
    'still ends with exactly one mail for each of 500 registrants',
    { timeout: BULK_TIMEOUT_MS },
    async () => {
      // Prepare
      const season = await openSeason();
      const rows = await seedRegistrations(season.id, 500, { result: 'selected' });
      let worker = await startWorker({ endpoint: queue.url });

      // Act: stop the worker and the emulator (losing its messages) part of the way through, then restart both.
      await api.send(season.id);
      await waitFor(
        () => api.progress(season.id),
        (p) => p.details.sent >= 50,
      );
      await worker.stop();
      await queue.stop();
      const midway = await api.progress(season.id);
      await startOwnQueue();
      worker = await startWorker({ endpoint: queue.url });
      const done = await waitFor(
        () => api.progress(season.id),
        (p) => p.details.queued === 0,
      );
      await worker.stop();

      // Assess
      expect(midway.details.queued).toBeGreaterThan(0);
      expect(done.details).toEqual({ total: 500, sent: 500, failed: 0, queued: 0 });
      const counts = await mailCounts(rows.map((r) => r.email));
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    },
  );
});
