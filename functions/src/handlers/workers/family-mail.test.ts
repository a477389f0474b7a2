/**
 * Issue 43: confirmation mails are queued and paced at the account's sending rate: a registration night's
 * burst reaches every family exactly once, even when SES throttles a send or the queue hands the worker the
 * same message twice.
 */
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { familyMailQueue } from '../../queue/family-mail-settings';
import { mailConfirmationOnce } from '../../services/mail/confirmation-mail';
import { mailCounts, seedRegistrations, waitFor, BULK_TIMEOUT_MS } from '../../../test/admin';
import { openSeason } from '../../../test/players';
import { ensureQueue } from '../../../../scripts/src/local/provision';
import { freePort } from '../../../../scripts/src/local/ports';
import {
  startResultMailPoller,
  type ResultMailPoller,
} from '../../../../scripts/src/local/result-mail-poller';
import { startSendingRateFront, type SendingRateFront } from '../../../../scripts/src/local/sending-rate';
import { handler } from './family-mail';

// The worker is paced faster than the account allows, as when other mail shares the account: SES (the
// emulator's front, at SES's 14 a second) throttles some sends, and those must still arrive, once.
process.env.RESULT_MAIL_SEND_RATE = '40';

let front: SendingRateFront;
/** The front's clock, held still by a test that needs "within one second" to mean exactly that. */
let heldAt: number | null = null;
let poller: ResultMailPoller | undefined;

beforeAll(async () => {
  front = await startSendingRateFront({
    port: await freePort(),
    target: inject('mailEndpoint'),
    ratePerSecond: 14,
    now: () => heldAt ?? Date.now(),
  });
  // Before anything has sent mail in this file, so the mail clients are made with it.
  process.env.SES_ENDPOINT = front.url;
  // A throttled message comes back after a second here, not the deployed six minutes.
  process.env.FAMILY_MAIL_QUEUE_URL = await ensureQueue(
    inject('queueEndpoint'),
    `${process.env.TABLE_NAME}-family-burst`,
    { ...familyMailQueue, visibilityTimeoutSeconds: 1 },
  );
});

afterAll(async () => {
  await poller?.stop();
  await front?.stop();
});

function eventOf(body: object, messageId: string): SQSEvent {
  return {
    Records: [
      {
        messageId,
        receiptHandle: messageId,
        body: JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:ca-central-1:000000000000:family-mail',
        awsRegion: 'ca-central-1',
      },
    ],
  };
}

describe('the family-mail worker', () => {
  it(
    'mails a burst of 40 confirmations at 14 a second: every family once, the throttled ones later, a doubled message not twice',
    async () => {
      // Prepare
      const season = await openSeason();
      const domain = `burst-${randomUUID().slice(0, 8)}.test`;
      const rows = await seedRegistrations(season.id, 40, { payment_method: 'cash', emailDomain: domain });
      expect(rows).toHaveLength(40);

      // Act: 40 registrations complete at once; ten of them are confirmed twice (the webhook and the return
      // both completing a card payment), then the worker runs as the local stack runs it.
      await Promise.all(rows.map((r) => mailConfirmationOnce({ season_id: season.id, player_id: r.userId })));
      await Promise.all(
        rows.slice(0, 10).map((r) => mailConfirmationOnce({ season_id: season.id, player_id: r.userId })),
      );
      // The front's clock stands still until it has refused a send: on a slow machine the worker may not
      // reach 14 a second by itself, and the throttled path is what this test is for.
      heldAt = Date.now();
      poller = await startResultMailPoller({
        endpoint: inject('queueEndpoint'),
        queueUrl: process.env.FAMILY_MAIL_QUEUE_URL!,
        queue: 'familyMail',
      });
      await waitFor(
        async () => front.refused(),
        (refused) => refused > 0,
      );
      heldAt = null;
      const addresses = rows.map((r) => r.email);
      await waitFor(
        () => mailCounts(addresses),
        (counts) => [...counts.values()].every((n) => n >= 1),
      );
      // Longer than a throttled message stays invisible, so a second send would have happened by now.
      await new Promise((r) => setTimeout(r, 2_500));

      // Assess
      const counts = await mailCounts(addresses);
      expect([...counts.values()]).toEqual(Array(40).fill(1));
      expect(front.refused()).toBeGreaterThan(0);
    },
    BULK_TIMEOUT_MS,
  );

  it('sends nothing again when the queue hands it the same message twice', async () => {
    // Prepare
    const season = await openSeason();
    const domain = `twice-${randomUUID().slice(0, 8)}.test`;
    const [row] = await seedRegistrations(season.id, 1, { payment_method: 'cash', emailDomain: domain });
    const body = { kind: 'confirmation', season_id: season.id, player_ids: [row!.userId] };
    const context = { getRemainingTimeInMillis: () => 60_000 };
    // A second of SES's rate of its own, so this send is not the one throttled.
    await new Promise((r) => setTimeout(r, 1_100));

    // Act
    const first = await handler(eventOf(body, 'message-1'), context);
    const again = await handler(eventOf(body, 'message-1'), context);

    // Assess
    expect(first.batchItemFailures).toEqual([]);
    expect(again.batchItemFailures).toEqual([]);
    expect((await mailCounts([row!.email])).get(row!.email.toLowerCase())).toBe(1);
  });

  it('hands a throttled confirmation back to the queue and sends it when it comes again', async () => {
    // Prepare
    const season = await openSeason();
    const domain = `held-${randomUUID().slice(0, 8)}.test`;
    const [row] = await seedRegistrations(season.id, 1, { payment_method: 'cash', emailDomain: domain });
    const body = { kind: 'confirmation', season_id: season.id, player_ids: [row!.userId] };
    const context = { getRemainingTimeInMillis: () => 60_000 };
    heldAt = Date.now() + 1_000;
    // Spend the second's 14 sends (each takes its token at the front, whatever the emulator answers), so SES
    // refuses the next.
    await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        fetch(`${front.url}/v2/email/outbound-emails`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            FromEmailAddress: 'no-reply@club.test',
            Destination: { ToAddresses: [`filler${i}@${domain}`] },
            Content: { Simple: { Subject: { Data: 'Filler' }, Body: { Text: { Data: 'x' } } } },
          }),
        }),
      ),
    );
    const refusedBefore = front.refused();

    // Act
    const throttled = await handler(eventOf(body, 'message-2'), context);
    const mailedWhileThrottled = (await mailCounts([row!.email])).get(row!.email.toLowerCase());
    heldAt += 1_000;
    const later = await handler(eventOf(body, 'message-2'), context);
    heldAt = null;

    // Assess
    expect(front.refused()).toBeGreaterThan(refusedBefore);
    expect(throttled.batchItemFailures).toEqual([{ itemIdentifier: 'message-2' }]);
    expect(mailedWhileThrottled).toBe(0);
    expect(later.batchItemFailures).toEqual([]);
    expect((await mailCounts([row!.email])).get(row!.email.toLowerCase())).toBe(1);
  });
});
