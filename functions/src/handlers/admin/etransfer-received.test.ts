/**
 * Issue 46 §2: the admin marks a family's Interac e-Transfer received by hand: paid, a receipt, the family's
 * mail once, an audit entry like cash collected; never twice, never for another method; and a refund of an
 * e-Transfer registration recorded as money given back, like cash.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow, AuditEntry, MyTryout } from '@club/shared';
import { call } from '../../../test/api';
import { ok, registered, aTryoutRegistration } from '../../../test/builders';
import { etransferFamily, etransferSeason } from '../../../test/etransfers';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer } from '../../../test/players';

const received = (token: string, tryoutId: string, body: Record<string, unknown> = {}) =>
  call('markEtransferReceived', { token, params: { tryoutId }, body });

const receivedMails = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.subject.startsWith('e-Transfer received'));

describe('POST /admin/tryouts/{tryoutId}/etransfer-received', () => {
  it('makes the registration paid, with a receipt, an audit entry and one mail to the family', async () => {
    // Prepare
    const { seasonId, admin } = await etransferSeason();
    const family = await etransferFamily(seasonId);

    // Act
    const res = await received(admin.token, family.tryoutId, { bank_reference: 'CA7Qm2xT' });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body as unknown as AdminTryoutRow).toMatchObject({
      id: family.tryoutId,
      payment_method: 'etransfer',
      payment_status: 'paid',
      amount_paid_cents: 4500,
      amount_due_cents: 0,
    });
    const mine = (await call('getMyTryout', { token: family.token })).body as unknown as MyTryout;
    expect(mine).toMatchObject({ payment_status: 'paid', etransfer: null });
    const receipt = await call('getMyReceipt', { token: family.token });
    expect(receipt.status).toBe(200);
    expect(receipt.text).toContain('Interac e-Transfer');
    const mails = await receivedMails(family.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `e-Transfer received: Fall 2025 Tryouts, #${mine.tryout_number}`,
    ]);
    expect(mails[0]!.body.text).toContain(
      'Summit Basketball received your Interac e-Transfer of $45.00 for your tryout registration (Fall 2025 Tryouts, number',
    );
    const audit = (
      await ok('listAudit', {
        token: admin.token,
        query: { season_id: seasonId, tryout_id: family.tryoutId },
      })
    ).body as unknown as AuditEntry[];
    expect(audit.filter((e) => e.action === 'etransfer_received')).toMatchObject([
      {
        actor_id: admin.id,
        before: { payment_status: 'awaiting_etransfer' },
        after: { payment_status: 'paid', amount_cents: 4500, bank_reference: 'CA7Qm2xT' },
      },
    ]);
  });

  it('marks it once when two admins press at the same moment, and mails once', async () => {
    // Prepare
    const { seasonId, admin } = await etransferSeason();
    const family = await etransferFamily(seasonId);

    // Act
    const answers = await Promise.all([
      received(admin.token, family.tryoutId),
      received(admin.token, family.tryoutId),
    ]);
    const again = await received(admin.token, family.tryoutId);

    // Assess
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This e-Transfer is already marked received.');
    expect(await receivedMails(family.email)).toHaveLength(1);
  });

  it('refuses a cash registration, and a withdrawn one', async () => {
    // Prepare
    const { seasonId, admin } = await etransferSeason();
    const cash = await createPlayer();
    await registered(cash.token, aTryoutRegistration());
    const gone = await etransferFamily(seasonId);
    await ok('withdrawMyTryout', { token: gone.token, body: {} });

    // Act
    const notEtransfer = await received(admin.token, `${seasonId}.${cash.id}`);
    const withdrawn = await received(admin.token, gone.tryoutId);

    // Assess
    expect(notEtransfer.status).toBe(409);
    expect(notEtransfer.body.message).toBe('This registration is not paid by e-Transfer.');
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.message).toBe(
      'This registration was withdrawn, so its e-Transfer cannot be marked received.',
    );
  });
});

describe('refunding an e-Transfer registration', () => {
  it('records the money given back at once, as e-Transfer, and tells the family it comes by e-Transfer', async () => {
    // Prepare
    const { seasonId, admin } = await etransferSeason();
    const family = await etransferFamily(seasonId);
    await ok('markEtransferReceived', {
      token: admin.token,
      params: { tryoutId: family.tryoutId },
      body: {},
    });

    // Act
    const res = await call('refundTryout', {
      token: admin.token,
      params: { id: family.tryoutId },
      body: { amount_cents: 2000, reason: 'Injured', idempotency_key: randomUUID() },
    });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      payment_status: 'partially_refunded',
      amount_paid_cents: 4500,
      amount_refunded_cents: 2000,
      refund: { amount_cents: 2000, method: 'etransfer', status: 'succeeded' },
    });
    const mail = (await mailsTo(family.email)).find((m) => m.subject.startsWith('Refund of $20.00'));
    expect(mail?.body.text).toContain('The club sends it back to you by Interac e-Transfer.');
  });
});
