import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { createPlayer, openSeason, registeredPlayer, tableSnapshot } from '../../../test/players';
import { deliverEvent, payOnStandIn, sessionIdOf, sessionOnStandIn } from '../../../test/stripe';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { getTryout } from '../../db/registration/registrations';

let seasonId: string;

beforeEach(async () => {
  seasonId = (await openSeason()).id;
});

const switchToCash = (token: string, body: unknown = { payment_method: 'cash' }) =>
  call('switchMyTryoutToCash', { token, body });

describe('PATCH /tryouts/my {"payment_method":"cash"}', () => {
  it('switches an abandoned card registration to cash, keeping its number, with its checkout expired first', async () => {
    // Prepare: a card registration whose checkout was left open
    await registeredPlayer('stripe');
    const player = await registeredPlayer('stripe');
    const sessionId = sessionIdOf(player.url!);

    // Act
    const res = await switchToCash(player.token);

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hasRegistered: true,
      season: 'Fall 2025 Tryouts',
      tryout_number: 2,
      result: '',
      payment_method: 'cash',
      payment_status: 'cash',
      teamsnap_link: null,
      age_group: '15U Boys',
      amount_paid_cents: 0,
      amount_refunded_cents: 0,
      amount_due_cents: 4500,
      sessions: [],
      withdrawn: false,
      withdrawal_open: true,
      refund_policy: '',
    });
    expect((await sessionOnStandIn(sessionId)).status).toBe('expired');
    const item = await getTryout(seasonId, player.id);
    expect(item).toMatchObject({ tryout_number: 2, payment_method: 'cash', payment_status: 'cash' });
    expect(item?.checkout_session_id).toBeUndefined();
    expect(item?.payment_history?.at(-1)).toMatchObject({ status: 'cash', source: 'switch-to-cash' });
    expect((await call('getMyTryout', { token: player.token })).body).toEqual(res.body);
  });

  it('lets no late payment land on the cash row: the page cannot pay, and a late event changes nothing', async () => {
    // Prepare
    const player = await registeredPlayer('stripe');
    const sessionId = sessionIdOf(player.url!);
    await switchToCash(player.token);
    const session = await sessionOnStandIn(sessionId);
    const before = await tableSnapshot();

    // Act: the checkout page is pressed late, and a forged "completed" event for the old session arrives
    const pay = await fetch(`${process.env.STRIPE_API_BASE}/checkout/${sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    await deliverEvent('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
    });

    // Assess
    expect(pay.status).not.toBe(303);
    expect((await sessionOnStandIn(sessionId)).status).toBe('expired');
    const item = await getTryout(seasonId, player.id);
    expect(item).toMatchObject({ payment_method: 'cash', payment_status: 'cash' });
    expect(await tableSnapshot()).not.toContain('"payment_status":"paid"');
    expect(before).not.toContain('"payment_status":"paid"');
  });

  it('refuses a paid card registration, changing nothing', async () => {
    // Prepare
    const player = await registeredPlayer('stripe');
    const session = await payOnStandIn(sessionIdOf(player.url!));
    await deliverEvent('checkout.session.completed', session);
    const before = await tableSnapshot();

    // Act
    const res = await switchToCash(player.token);

    // Assess
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'Your card payment has already gone through, so there is no cash to bring.',
    });
    expect(await tableSnapshot()).toBe(before);
  });

  it('refuses when the card was paid on the checkout page a moment ago, recording the payment instead', async () => {
    // Prepare: paid on the page, no webhook yet
    const player = await registeredPlayer('stripe');
    await payOnStandIn(sessionIdOf(player.url!));

    // Act
    const res = await switchToCash(player.token);

    // Assess
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: 'Your card payment has already gone through, so there is no cash to bring.',
    });
    expect(await getTryout(seasonId, player.id)).toMatchObject({
      payment_method: 'stripe',
      payment_status: 'paid',
    });
  });

  it('refuses a card payment that is still settling, changing nothing', async () => {
    // Prepare
    const player = await registeredPlayer('stripe');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tryout(seasonId, player.id),
        UpdateExpression: 'SET payment_status = :processing',
        ExpressionAttributeValues: { ':processing': 'processing' },
      }),
    );
    const before = await tableSnapshot();

    // Act
    const res = await switchToCash(player.token);

    // Assess
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message:
        'Your card payment is still being processed, so it cannot be switched to cash. Please check back later.',
    });
    expect(await tableSnapshot()).toBe(before);
  });

  it('answers a cash registration as it is, and twice the same', async () => {
    const player = await registeredPlayer('cash');

    const first = await switchToCash(player.token);
    const second = await switchToCash(player.token);

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ payment_method: 'cash', payment_status: 'cash', tryout_number: 1 });
    expect(second.body).toEqual(first.body);
  });

  it.each([
    [
      { payment_method: 'stripe' },
      'A registration can only be switched to cash here: send {"payment_method":"cash"}.',
    ],
    [{}, 'A registration can only be switched to cash here: send {"payment_method":"cash"}.'],
    [{ payment_method: 'cash', amount_cents: 0 }, 'Unexpected field: amount_cents.'],
  ])('refuses %j with a clear 400, changing nothing', async (body, message) => {
    const player = await registeredPlayer('stripe');
    const before = await tableSnapshot();

    const res = await switchToCash(player.token, body);

    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await tableSnapshot()).toBe(before);
  });

  it('answers 404 to a player with no registration', async () => {
    const { token } = await createPlayer();
    const res = await switchToCash(token);
    expect(res.status).toBe(404);
  });
});

describe('calls that reach Stripe are limited per account', () => {
  const TOO_MANY = { message: 'Too many attempts. Please wait a few minutes and try again.' };

  it('takes 10 "pay again" in 15 minutes and refuses the 11th before reaching Stripe', async () => {
    const player = await registeredPlayer('stripe');
    for (let i = 1; i <= 10; i++)
      expect((await call('startCheckout', { token: player.token })).status).toBe(200);
    const attemptBefore = (await getTryout(seasonId, player.id))?.checkout_attempt;

    const eleventh = await call('startCheckout', { token: player.token });

    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual(TOO_MANY);
    expect(attemptBefore).toBe(11);
    expect((await getTryout(seasonId, player.id))?.checkout_attempt).toBe(11);
  }, 60_000);

  it('takes 30 confirmations in 15 minutes and refuses the 31st', async () => {
    const player = await registeredPlayer('stripe');
    const sessionId = sessionIdOf(player.url!);
    const confirm = () => call('confirmPayment', { token: player.token, query: { session_id: sessionId } });
    for (let i = 1; i <= 30; i++) expect((await confirm()).status).toBe(200);

    const thirtyFirst = await confirm();

    expect(thirtyFirst.status).toBe(429);
    expect(thirtyFirst.body).toEqual(TOO_MANY);
  }, 60_000);

  it('takes 10 switches to cash in 15 minutes and refuses the 11th', async () => {
    const player = await registeredPlayer('stripe');
    for (let i = 1; i <= 10; i++) expect((await switchToCash(player.token)).status).toBe(200);

    const eleventh = await switchToCash(player.token);

    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual(TOO_MANY);
  }, 60_000);

  it('counts each account on its own: one family at the limit leaves another\'s "pay again" alone', async () => {
    const busy = await registeredPlayer('stripe');
    const other = await registeredPlayer('stripe');
    for (let i = 1; i <= 11; i++) await call('startCheckout', { token: busy.token });

    const res = await call('startCheckout', { token: other.token });

    expect(res.status).toBe(200);
  }, 60_000);
});
