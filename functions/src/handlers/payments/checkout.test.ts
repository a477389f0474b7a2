import { beforeEach, describe, expect, it } from 'vitest';
import { startCheckoutAttempt } from '../../db/money/payments';
import { getTryout } from '../../db/registration/registrations';
import { call } from '../../../test/api';
import { createPlayer, openSeason, registeredPlayer } from '../../../test/players';
import { deliverEvent, payOnStandIn, sessionIdOf, sessionOnStandIn } from '../../../test/stripe';

let seasonId: string;

beforeEach(async () => {
  seasonId = (await openSeason()).id;
});

const payAgain = (token: string) => call('startCheckout', { token });

describe('POST /payments/checkout (pay again)', () => {
  it('expires the open session and answers a new one for the same fee', async () => {
    // Prepare
    const player = await registeredPlayer('stripe');
    const first = sessionIdOf(player.url!);

    // Act
    const res = await payAgain(player.token);

    // Assess
    expect(res.status).toBe(200);
    const second = sessionIdOf(res.body.url as string);
    expect(second).not.toBe(first);
    expect((await sessionOnStandIn(first)).status).toBe('expired');
    expect(await sessionOnStandIn(second)).toMatchObject({
      status: 'open',
      amount_total: 4500,
      currency: 'cad',
      client_reference_id: `${seasonId}.${player.id}`,
    });
    expect(await getTryout(seasonId, player.id)).toMatchObject({
      payment_status: 'pending',
      checkout_attempt: 2,
      checkout_session_id: second,
    });
  });

  it('leaves exactly one page that can take money after two clicks at once, whichever finishes first', async () => {
    // Prepare
    const player = await registeredPlayer('stripe');
    const first = sessionIdOf(player.url!);

    // Act
    const [a, b] = await Promise.all([payAgain(player.token), payAgain(player.token)]);

    // Assess: when the clicks overlap they share one new session (the next test holds that step by step);
    // on a busy machine one may finish before the other reads anything, and is then a click of its own,
    // whose page the second expires. Either way one session is open, and it is the one stored.
    expect([a.status, b.status]).toEqual([200, 200]);
    const answered = [...new Set([a.body.url as string, b.body.url as string].map(sessionIdOf))];
    const sessions = await Promise.all([first, ...answered].map((id) => sessionOnStandIn(id)));
    const open = sessions.filter((session) => session.status === 'open').map((session) => session.id);
    expect(open).toHaveLength(1);
    expect((await sessionOnStandIn(first)).status).toBe('expired');
    expect((await getTryout(seasonId, player.id))?.checkout_session_id).toBe(open[0]);
  });

  it('joins an attempt another click has started but not yet stored, instead of expiring its session', async () => {
    // Prepare: the other click has started attempt 2 (as its conditional write does) and is opening its session
    const player = await registeredPlayer('stripe');
    const first = sessionIdOf(player.url!);
    await payAgain(player.token).then(() => undefined); // attempt 2 with its session stored
    const stored = (await getTryout(seasonId, player.id))!;
    expect(
      await startCheckoutAttempt({
        seasonId,
        playerId: player.id,
        from: stored.checkout_attempt!,
        expiresAt: Math.floor(Date.now() / 1000) + 60 * 60,
      }),
    ).toBe(true);

    // Act
    const res = await payAgain(player.token);

    // Assess: the started attempt's session, open and stored; no further attempt
    expect(res.status).toBe(200);
    const joined = sessionIdOf(res.body.url as string);
    expect(joined).not.toBe(first);
    expect(joined).not.toBe(stored.checkout_session_id);
    expect((await sessionOnStandIn(joined)).status).toBe('open');
    expect(await getTryout(seasonId, player.id)).toMatchObject({
      checkout_attempt: 3,
      checkout_session_id: joined,
      payment_status: 'pending',
    });
  });

  it('records a payment made on the current session instead of opening another, and answers 409', async () => {
    // Prepare: paid on Stripe, the webhook not arrived yet
    const player = await registeredPlayer('stripe');
    const sessionId = sessionIdOf(player.url!);
    await payOnStandIn(sessionId);

    // Act
    const res = await payAgain(player.token);

    // Assess
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'There is nothing left to pay for this registration.' });
    expect(await getTryout(seasonId, player.id)).toMatchObject({
      payment_status: 'paid',
      checkout_attempt: 1,
      checkout_session_id: sessionId,
    });
  });

  it('answers 409 for a paid registration', async () => {
    const player = await registeredPlayer('stripe');
    await deliverEvent('checkout.session.completed', await payOnStandIn(sessionIdOf(player.url!)));

    const res = await payAgain(player.token);

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'There is nothing left to pay for this registration.' });
  });

  it('answers 409 for a cash registration', async () => {
    const player = await registeredPlayer('cash');

    const res = await payAgain(player.token);

    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'There is nothing left to pay for this registration.' });
  });

  it('answers 404 to a player not registered for the active season', async () => {
    const player = await createPlayer();

    const res = await payAgain(player.token);

    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'You are not registered for the current season.' });
  });
});
