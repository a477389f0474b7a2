/**
 * Issue 36: nothing changes silently. A withdrawal and each refund mail the family once: what happened, the
 * amount, how the money comes back and when.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { mailsTo } from '../../../test/mailbox';
import { openSeason, registeredPlayer } from '../../../test/players';
import { paidByCard } from '../../../test/stripe';
import { ok } from '../../../test/builders';

const about = (subject: RegExp) => async (email: string) =>
  (await mailsTo(email)).filter((m) => subject.test(m.subject));

describe('a family is told what changed (issue 36)', () => {
  it('mails a card-paid player who withdraws, then each refund once, however often the admin’s screen asks', async () => {
    // Prepare
    const season = await openSeason({ name: 'Fall 2026 Tryouts' });
    const admin = await createAdmin();
    const paid = await paidByCard(season.id);
    const refundKey = randomUUID();
    const refund = (amount_cents: number, idempotency_key: string) =>
      call('refundTryout', {
        token: admin.token,
        params: { id: paid.tryoutId },
        body: { amount_cents, reason: 'Withdrew before tryouts', idempotency_key },
      });

    // Act: withdrawn (twice: the second is answered as it is); refunded $20.00 (the same click twice), then
    // the rest.
    expect((await call('withdrawMyTryout', { token: paid.token })).status).toBe(200);
    expect((await call('withdrawMyTryout', { token: paid.token })).status).toBe(200);
    const [first, again] = [await refund(2000, refundKey), await refund(2000, refundKey)];
    const rest = await refund(2500, randomUUID());

    // Assess
    expect([first.status, again.status, rest.status]).toEqual([200, 200, 200]);
    const withdrawn = await about(/withdrawn/)(paid.email);
    expect(withdrawn.map((m) => m.subject)).toEqual(['You are withdrawn from Fall 2026 Tryouts']);
    expect(withdrawn[0]!.body.text).toMatch(
      /Your registration for Fall 2026 Tryouts \(\d+U \w+, tryout #\d+\) is withdrawn\. The tryout number is not given to anyone else\./,
    );
    expect(withdrawn[0]!.body.text).toContain(
      'You paid $45.00. Whether any of it is refunded is Summit Basketball’s decision; if it is, you will get an e-mail saying how much and when it arrives.',
    );
    const refunds = await about(/^Refund of/)(paid.email);
    expect(refunds.map((m) => m.subject).sort()).toEqual([
      'Refund of $20.00 for your tryout registration',
      'Refund of $25.00 for your tryout registration',
    ]);
    const last = refunds.find((m) => m.subject.includes('$25.00'))!.body.text;
    expect(last).toContain(
      'It goes back to the card you paid with. Banks usually show it within 5 to 10 business days.',
    );
    expect(last).toContain('Paid: $45.00. Refunded in all: $45.00. Net: $0.00.');
  });

  it('tells a cash family that withdraws that there is nothing to pay, and a cash refund that it came back in cash', async () => {
    // Prepare
    const season = await openSeason({ name: 'Winter 2026 Tryouts' });
    const admin = await createAdmin();
    const cash = await registeredPlayer('cash');
    const unpaid = await registeredPlayer('cash');
    const tryoutId = `${season.id}.${cash.id}`;
    await ok('setCashCollected', {
      token: admin.token,
      params: { id: tryoutId },
      body: { collected: true },
    });

    // Act
    await ok('withdrawMyTryout', { token: unpaid.token });
    const refunded = await call('refundTryout', {
      token: admin.token,
      params: { id: tryoutId },
      body: { reason: 'Injured', idempotency_key: randomUUID() },
    });

    // Assess
    expect(refunded.status).toBe(200);
    const withdrawn = await about(/withdrawn/)(unpaid.email);
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]!.body.text).toContain('There is nothing to pay.');
    const refunds = await about(/^Refund of/)(cash.email);
    expect(refunds.map((m) => m.subject)).toEqual(['Refund of $45.00 for your tryout registration']);
    expect(refunds[0]!.body.text).toContain('It was given back to you in cash.');
  });
});
