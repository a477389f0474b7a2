import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { getTryout } from '../../db/registration/registrations';
import { call } from '../../../test/api';
import { openSeason, registeredPlayer, tableSnapshot } from '../../../test/players';
import {
  deliver,
  deliverEvent,
  eventPayload,
  newEventId,
  payOnStandIn,
  sessionIdOf,
  sessionOnStandIn,
  signatureFor,
} from '../../../test/stripe';

let seasonId: string;

beforeEach(async () => {
  seasonId = (await openSeason()).id;
});

/** A card registration and its open session on the stand-in. */
async function cardRegistration() {
  const player = await registeredPlayer('stripe');
  const sessionId = sessionIdOf(player.url!);
  return { player, sessionId, session: await sessionOnStandIn(sessionId) };
}

const registrationOf = (userId: string) => getTryout(seasonId, userId);

async function markerExists(eventId: string): Promise<boolean> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.marker('stripe-event', eventId),
      ConsistentRead: true,
    }),
  );
  return out.Item !== undefined;
}

describe('POST /payments/webhook', () => {
  it('marks the registration paid on checkout.session.completed, once paid, and remembers the event', async () => {
    // Prepare
    const { player, sessionId } = await cardRegistration();
    const paid = await payOnStandIn(sessionId);
    const eventId = newEventId();

    // Act
    const res = await deliverEvent('checkout.session.completed', paid, eventId);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    const item = await registrationOf(player.id);
    expect(item).toMatchObject({
      payment_status: 'paid',
      paid_session_id: sessionId,
      payment_intent_id: paid.payment_intent,
    });
    expect(item?.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await markerExists(eventId)).toBe(true);
    const my = await call('getMyTryout', { token: player.token });
    expect(my.body).toMatchObject({ payment_method: 'stripe', payment_status: 'paid' });
  });

  describe('refuses a delivery whose signature does not hold, changing nothing', () => {
    it.each([
      [
        'a tampered body',
        (payload: string) => ({
          body: payload.replace('"amount_total": 4500', '"amount_total": 1'),
          signature: signatureFor(payload),
        }),
      ],
      [
        'another secret',
        (payload: string) => ({
          body: payload,
          signature: signatureFor(payload, { secret: 'whsec_someone_elses_secret_0123456789abcdef' }),
        }),
      ],
      [
        'a timestamp 10 minutes old',
        (payload: string) => ({
          body: payload,
          signature: signatureFor(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
        }),
      ],
      ['a made-up signature', (payload: string) => ({ body: payload, signature: 't=1,v1=00' })],
    ])('%s', async (_name, forge) => {
      // Prepare
      const { sessionId } = await cardRegistration();
      const paid = await payOnStandIn(sessionId);
      const payload = eventPayload('checkout.session.completed', paid);
      expect(payload).toContain('"amount_total": 4500');
      const { body, signature } = forge(payload);
      const before = await tableSnapshot();

      // Act
      const res = await deliver(body, signature);

      // Assess
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid signature.' });
      expect(await tableSnapshot()).toBe(before);
    });
  });

  it('makes one change for the same event delivered 5 times at once', async () => {
    // Prepare
    const { player, sessionId } = await cardRegistration();
    const payload = eventPayload('checkout.session.completed', await payOnStandIn(sessionId));

    // Act
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));

    // Assess
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const item = await registrationOf(player.id);
    expect(item?.payment_status).toBe('paid');
    expect(item?.payment_history).toHaveLength(1);
    expect(item?.payment_history?.[0]).toMatchObject({
      status: 'paid',
      source: (JSON.parse(payload) as { id: string }).id,
    });
  });

  it('ignores a replay of an event it already processed', async () => {
    // Prepare: the session expires (the registration becomes payable again, session forgotten) …
    const { player, session } = await cardRegistration();
    const expired = eventPayload('checkout.session.expired', { ...session, status: 'expired', url: null });
    await deliver(expired);
    const afterFirst = await tableSnapshot();

    // Act
    const replay = await deliver(expired);

    // Assess
    expect(replay.status).toBe(200);
    expect(await tableSnapshot()).toBe(afterFirst);
    expect(await registrationOf(player.id)).toMatchObject({ payment_status: 'pending' });
    expect((await registrationOf(player.id))?.checkout_session_id).toBeUndefined();
  });

  it('ends paid when async_payment_succeeded arrives before completed (still unpaid)', async () => {
    const { player, session } = await cardRegistration();
    const completedUnpaid = { ...session, status: 'complete', payment_status: 'unpaid', url: null };
    const succeeded = { ...completedUnpaid, payment_status: 'paid', payment_intent: 'pi_test_async1' };

    await deliverEvent('checkout.session.async_payment_succeeded', succeeded);
    await deliverEvent('checkout.session.completed', completedUnpaid);

    expect(await registrationOf(player.id)).toMatchObject({
      payment_status: 'paid',
      payment_intent_id: 'pi_test_async1',
    });
  });

  it('moves completed (unpaid) to processing, then to failed, and failed is payable again', async () => {
    const { player, session } = await cardRegistration();
    const completedUnpaid = { ...session, status: 'complete', payment_status: 'unpaid', url: null };

    await deliverEvent('checkout.session.completed', completedUnpaid);
    const processing = (await registrationOf(player.id))?.payment_status;
    await deliverEvent('checkout.session.async_payment_failed', completedUnpaid);

    expect(processing).toBe('processing');
    expect((await registrationOf(player.id))?.payment_status).toBe('failed');
    const again = await call('startCheckout', { token: player.token });
    expect(again.status).toBe(200);
    expect((await registrationOf(player.id))?.payment_status).toBe('pending');
  });

  it('keeps paid when async_payment_failed arrives after the payment', async () => {
    const { player, sessionId } = await cardRegistration();
    const paid = await payOnStandIn(sessionId);

    await deliverEvent('checkout.session.completed', paid);
    const res = await deliverEvent('checkout.session.async_payment_failed', {
      ...paid,
      payment_status: 'unpaid',
    });

    expect(res.status).toBe(200);
    expect((await registrationOf(player.id))?.payment_status).toBe('paid');
  });

  it('changes nothing on an expired event for an old session after a new one was created', async () => {
    // Prepare: pay again replaced the first session with a second
    const { player, session: first } = await cardRegistration();
    const again = await call('startCheckout', { token: player.token });
    const secondId = sessionIdOf(again.body.url as string);
    const before = await registrationOf(player.id);

    // Act
    const res = await deliverEvent('checkout.session.expired', { ...first, status: 'expired', url: null });

    // Assess
    expect(res.status).toBe(200);
    const after = await registrationOf(player.id);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ payment_status: 'pending', checkout_session_id: secondId });
  });

  it('changes nothing for a session whose amount is not the registration fee', async () => {
    const { player, sessionId } = await cardRegistration();
    const paid = await payOnStandIn(sessionId);
    const before = await registrationOf(player.id);

    const res = await deliverEvent('checkout.session.completed', { ...paid, amount_total: 100 });

    expect(res.status).toBe(200);
    expect(await registrationOf(player.id)).toEqual(before);
  });

  it('changes nothing for a session that names another registration in its metadata', async () => {
    const { player, sessionId } = await cardRegistration();
    const other = await cardRegistration();
    const paid = await payOnStandIn(sessionId);
    const before = await registrationOf(player.id);

    await deliverEvent('checkout.session.completed', {
      ...paid,
      metadata: { ...paid.metadata, user_id: other.player.id },
    });

    expect(await registrationOf(player.id)).toEqual(before);
  });

  it('acknowledges event types it does not act on, changing nothing', async () => {
    const { session } = await cardRegistration();
    const before = await tableSnapshot();

    const res = await deliverEvent('payment_intent.created', { id: 'pi_test_1', object: 'payment_intent' });
    const withSession = await deliver(eventPayload('payment_intent.created', session));

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    expect(withSession.status).toBe(200);
    expect(await tableSnapshot()).toBe(before);
  });
});
