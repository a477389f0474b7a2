/**
 * The minute's numbering sweep and a household's confirmation (docs/decisions/0067-numbers-given-in-batches.md):
 * a household registered together is mailed once, whole, even when a request's batch numbered one child and
 * the sweep the other.
 */
import { describe, expect, it } from 'vitest';
import { tryoutId } from '@club/shared';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { aRegistrationRecord } from '../../../test/builders';
import { deliverQueuedFamilyMail } from '../../../test/family-mail';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason } from '../../../test/players';
import { db, tableName } from '../../db/platform/client';
import { getTryout } from '../../db/registration/registrations';
import { decideBatch, insertRegistrations } from '../../db/registration/tryout-numbers';
import { mailConfirmationOnce } from '../mail/confirmation-mail';
import { handler as familyMailWorker } from '../../handlers/workers/family-mail';
import { numberWaitingRegistrations } from './numbering-sweep';

async function waitingCount(seasonId: string): Promise<number> {
  const out = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :waiting)',
      ExpressionAttributeValues: { ':pk': `SEASON#${seasonId}`, ':waiting': 'PENDING#' },
      ConsistentRead: true,
    }),
  );
  return out.Items?.length ?? 0;
}

describe('the numbering sweep', () => {
  it("mails a household once, whole, when a request's batch numbered one child and the sweep the other", async () => {
    // Prepare: a guardian's two children registered together by cash, their request given up (202) with both
    // waiting; its confirmation queued as they were written. Freya's id sorts first and Leo's last, so a
    // batch of 49 (Freya and 48 card registrations between them) ends between the two children.
    const season = await openSeason();
    const parent = await createPlayer({ first_name: 'Morgan' });
    const together = new Date().toISOString();
    const child = (playerId: string, first_name: string) =>
      aRegistrationRecord(
        season.id,
        { id: playerId, email: parent.email },
        { id: tryoutId.of(season.id, playerId), user_id: parent.id, first_name, created_at: together },
      );
    const children = [
      child('00000000-0000-4000-8000-00000000000a', 'Freya'),
      child('ffffffff-0000-4000-8000-00000000000b', 'Leo'),
    ];
    const asChecked = { reference_year: 2025 };
    const household = await insertRegistrations(children, asChecked, Date.now(), () =>
      mailConfirmationOnce(children),
    );
    expect(household.outcome).toBe('waiting');
    const between = Array.from({ length: 48 }, (_, i) => {
      const id = `55555555-0000-4000-8000-${String(i).padStart(12, '0')}`;
      return aRegistrationRecord(
        season.id,
        { id, email: `card.${i}@example.test` },
        { payment_method: 'stripe', payment_status: 'pending' },
      );
    });
    const others = await Promise.all(between.map((t) => insertRegistrations([t], asChecked, Date.now())));
    expect(others.map((o) => o.outcome)).toEqual(Array.from({ length: 48 }, () => 'waiting'));
    expect(await waitingCount(season.id)).toBe(50);
    // A request's batch numbers Freya and stops short of Leo; the household's mail waits for Leo's number.
    const batch = await decideBatch(season.id);
    expect(batch).toHaveLength(49);
    expect(await getTryout(season.id, children[0]!.player_id)).toMatchObject({ tryout_number: 1 });
    expect(await waitingCount(season.id)).toBe(1);
    await deliverQueuedFamilyMail();
    const confirmations = async () =>
      (await mailsTo(parent.email)).filter((m) => m.subject.includes('registered for Fall 2025 Tryouts'));
    expect(await confirmations()).toHaveLength(0);

    // Act: the minute's sweep numbers Leo, then the mail goes (the household's own message after its wait)
    expect(await numberWaitingRegistrations(new Date())).toBe(1);
    await deliverQueuedFamilyMail();
    await new Promise((r) => setTimeout(r, 5_500));
    await deliverQueuedFamilyMail();

    // Assess: one mail naming both children with their numbers
    expect(await getTryout(season.id, children[1]!.player_id)).toMatchObject({ tryout_number: 50 });
    const mailed = await confirmations();
    expect(mailed.map((m) => m.subject)).toEqual(['Freya and Leo are registered for Fall 2025 Tryouts']);
    expect(mailed[0]!.body.text).toMatch(/Freya: tryout number 1[\s\S]*Leo: tryout number 50/);
  }, 60_000);
});

describe('the family-mail worker', () => {
  it('mails each household once, whole, when two messages naming it are handed over at the same moment', async () => {
    // Prepare: six guardians, each with two children registered together by cash and numbered
    const season = await openSeason();
    const parents = await Promise.all(Array.from({ length: 6 }, () => createPlayer()));
    const households = parents.map((parent, i) => {
      const together = new Date().toISOString();
      return ['Freya', 'Leo'].map((first_name, c) => {
        const playerId = `${String(i).padStart(8, '0')}-1111-4000-8000-00000000000${c}`;
        return aRegistrationRecord(
          season.id,
          { id: playerId, email: parent.email },
          { id: tryoutId.of(season.id, playerId), user_id: parent.id, first_name, created_at: together },
        );
      });
    });
    const asChecked = { reference_year: 2025 };
    for (const children of households) {
      const made = await insertRegistrations(children, asChecked, Date.now() + 15_000);
      expect(made.outcome).toBe('created');
    }
    expect(await waitingCount(season.id)).toBe(0);
    // Each household's confirmation twice (the request's and the sweep's; a card's webhook and its return)
    const records = households.flatMap((children, i) =>
      [1, 2].map((copy) => ({
        messageId: `household-${i}-${copy}`,
        receiptHandle: `household-${i}-${copy}`,
        body: JSON.stringify({
          kind: 'confirmation',
          season_id: season.id,
          player_ids: children.map((t) => t.player_id),
        }),
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
      })),
    );

    // Act: one batch of the queue, its messages worked at once
    const answer = await familyMailWorker({ Records: records }, { getRemainingTimeInMillis: () => 60_000 });

    // Assess: every guardian one mail, naming both children
    expect(answer.batchItemFailures).toEqual([]);
    const subjects = await Promise.all(
      parents.map(async (p) =>
        (await mailsTo(p.email))
          .filter((m) => m.subject.includes('registered for Fall 2025 Tryouts'))
          .map((m) => m.subject),
      ),
    );
    expect(subjects).toEqual(
      Array.from({ length: 6 }, () => ['Freya and Leo are registered for Fall 2025 Tryouts']),
    );
  }, 60_000);
});
