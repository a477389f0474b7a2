import { beforeEach, describe, expect, it } from 'vitest';
import { getTryout } from '../../db/registration/registrations';
import { call } from '../../../test/api';
import { openSeason, registeredPlayer, tableSnapshot } from '../../../test/players';
import {
  deliverEvent,
  payLaterOnStandIn,
  payOnStandIn,
  sessionIdOf,
  settleOnStandIn,
} from '../../../test/stripe';

let seasonId: string;

beforeEach(async () => {
  seasonId = (await openSeason()).id;
});

const confirm = (token: string, sessionId: string) =>
  call('confirmPayment', { token, query: { session_id: sessionId } });

describe('GET /payments/confirm', () => {
  it('marks the registration paid from the paid session, before any webhook', async () => {
    // Prepare
    const player = await registeredPlayer('stripe');
    const sessionId = sessionIdOf(player.url!);
    const paid = await payOnStandIn(sessionId);

    // Act
    const res = await confirm(player.token, sessionId);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ payment_status: 'paid' });
    expect(await getTryout(seasonId, player.id)).toMatchObject({
      payment_status: 'paid',
      paid_session_id: sessionId,
      payment_intent_id: paid.payment_intent,
      payment_history: [{ status: 'paid', source: 'confirm' }],
    });
  });

  it('answers pending for a session not paid yet, changing nothing', async () => {
    const player = await registeredPlayer('stripe');
    const before = await tableSnapshot();

    const res = await confirm(player.token, sessionIdOf(player.url!));

    expect(res.body).toEqual({ payment_status: 'pending' });
    expect(await tableSnapshot()).toBe(before);
  });

  it('records the payment once when the confirmation and the webhook race', async () => {
    // Prepare
    const player = await registeredPlayer('stripe');
    const sessionId = sessionIdOf(player.url!);
    const paid = await payOnStandIn(sessionId);

    // Act
    const [confirmed, delivered] = await Promise.all([
      confirm(player.token, sessionId),
      deliverEvent('checkout.session.completed', paid),
    ]);

    // Assess
    expect(confirmed.body).toEqual({ payment_status: 'paid' });
    expect(delivered.status).toBe(200);
    const item = await getTryout(seasonId, player.id);
    expect(item?.payment_status).toBe('paid');
    expect(item?.payment_history).toHaveLength(1);
  });

  it("answers 404 for another player's session and changes nothing", async () => {
    // Prepare: the other player has paid, and nobody has recorded it yet
    const owner = await registeredPlayer('stripe');
    const intruder = await registeredPlayer('stripe');
    const sessionId = sessionIdOf(owner.url!);
    await payOnStandIn(sessionId);
    const before = await tableSnapshot();

    // Act
    const res = await confirm(intruder.token, sessionId);

    // Assess
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Payment not found.' });
    expect(await tableSnapshot()).toBe(before);
  });

  it('answers 404 for a session Stripe does not know, or an id that is not one', async () => {
    const player = await registeredPlayer('stripe');

    const unknown = await confirm(player.token, `cs_test_${'a'.repeat(58)}`);
    const malformed = await confirm(player.token, 'not-a-session');

    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Payment not found.' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Payment not found.');
  });
});

describe('a checkout that completes with its payment still to settle (a bank debit)', () => {
  it('is processing, never paid, on confirm and on the completed event, until the money arrives', async () => {
    // Prepare
    const player = await registeredPlayer('stripe');
    const sessionId = sessionIdOf(player.url!);
    const completed = await payLaterOnStandIn(sessionId);

    // Act: the family comes back before the money has arrived; the completed event lands too
    const confirmed = await confirm(player.token, sessionId);
    const event = await deliverEvent('checkout.session.completed', completed);

    // Assess
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    expect(confirmed.body).toEqual({ payment_status: 'processing' });
    expect(event.status).toBe(200);
    const item = await getTryout(seasonId, player.id);
    expect(item?.payment_status).toBe('processing');
    expect(item?.paid_at).toBeUndefined();
    expect((await call('getMyTryout', { token: player.token })).body.payment_status).toBe('processing');
  });

  it('is paid once the payment clears, by the succeeded event or by a confirm after it', async () => {
    // Prepare: two families settling by bank debit
    const byEvent = await registeredPlayer('stripe');
    const byConfirm = await registeredPlayer('stripe');
    const [first, second] = [sessionIdOf(byEvent.url!), sessionIdOf(byConfirm.url!)];
    await deliverEvent('checkout.session.completed', await payLaterOnStandIn(first));
    await deliverEvent('checkout.session.completed', await payLaterOnStandIn(second));

    // Act
    const cleared = await settleOnStandIn(first, 'clears');
    await deliverEvent('checkout.session.async_payment_succeeded', cleared);
    await settleOnStandIn(second, 'clears');
    const confirmed = await confirm(byConfirm.token, second);

    // Assess
    expect(await getTryout(seasonId, byEvent.id)).toMatchObject({
      payment_status: 'paid',
      paid_session_id: first,
    });
    expect(confirmed.body).toEqual({ payment_status: 'paid' });
    expect(await getTryout(seasonId, byConfirm.id)).toMatchObject({ payment_status: 'paid' });
  });

  it('fails when the payment fails, stays failed on a later confirm, and can be paid again', async () => {
    // Prepare
    const player = await registeredPlayer('stripe');
    const sessionId = sessionIdOf(player.url!);
    await deliverEvent('checkout.session.completed', await payLaterOnStandIn(sessionId));

    // Act
    const failed = await settleOnStandIn(sessionId, 'fails');
    await deliverEvent('checkout.session.async_payment_failed', failed);
    const confirmed = await confirm(player.token, sessionId);
    const payAgain = await call('startCheckout', { token: player.token });

    // Assess
    expect(confirmed.body).toEqual({ payment_status: 'failed' });
    expect(payAgain.status).toBe(200);
    const item = await getTryout(seasonId, player.id);
    expect(item).toMatchObject({ payment_status: 'pending', checkout_attempt: 2 });
    expect(item?.paid_at).toBeUndefined();
  });
});
