/**
 * Issue 36: "Ask about financial support". The admin sets an unpaid registration's fee (down to 0), audited,
 * the family mailed; a card checkout at the old price can no longer be paid; a paid one keeps its price.
 */
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow, AuditEntry } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { mailsTo } from '../../../test/mailbox';
import { openSeason, registeredPlayer, tableSnapshot } from '../../../test/players';
import { paidByCard, sessionIdOf, sessionOnStandIn } from '../../../test/stripe';

describe('PATCH /admin/tryouts/{id}/fee (issue 36)', () => {
  it('lowers an unpaid card registration’s fee: the old page closes, the next one charges the new fee', async () => {
    // Prepare
    const season = await openSeason({ name: 'Fall 2026 Tryouts' });
    const admin = await createAdmin();
    const player = await registeredPlayer('stripe');
    const id = `${season.id}.${player.id}`;
    const oldPage = sessionIdOf(player.url!);

    // Act
    const res = await call('setTryoutFee', {
      token: admin.token,
      params: { id },
      body: { amount_cents: 1500 },
    });

    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount_due_cents: 1500, payment_status: 'pending' });
    expect((await sessionOnStandIn(oldPage)).status).toBe('expired');
    const again = await call('startCheckout', { token: player.token });
    expect(await sessionOnStandIn(sessionIdOf(again.body.url as string))).toMatchObject({
      amount_total: 1500,
      status: 'open',
    });
    const mails = (await mailsTo(player.email)).filter((m) => m.subject.startsWith('The fee for'));
    expect(mails.map((m) => m.subject)).toEqual(['The fee for your tryout registration is now $15.00']);
    expect(mails[0]!.body.text).toContain(
      'You can pay it by card from your dashboard (Complete payment), or choose to pay cash on tryout day.',
    );
    const history = (
      await call('listAudit', { token: admin.token, query: { season_id: season.id, tryout_id: id } })
    ).body as unknown as AuditEntry[];
    expect(history.map((e) => [e.action, e.before.amount_cents, e.after.amount_cents])).toContainEqual([
      'fee',
      4500,
      1500,
    ]);
  });

  it('sets a cash registration’s fee to $0: nothing left to pay, and the registration is confirmed', async () => {
    const season = await openSeason({ name: 'Winter 2026 Tryouts' });
    const admin = await createAdmin();
    const player = await registeredPlayer('cash');
    const id = `${season.id}.${player.id}`;

    const res = await call('setTryoutFee', { token: admin.token, params: { id }, body: { amount_cents: 0 } });

    expect(res.status).toBe(200);
    const row = res.body as unknown as AdminTryoutRow;
    expect([row.payment_status, row.amount_due_cents, row.amount_paid_cents]).toEqual(['paid', 0, 0]);
    const subjects = (await mailsTo(player.email)).map((m) => m.subject);
    expect(subjects).toContain('The fee for your tryout registration is now $0.00');
  });

  it.each([
    [
      'a paid registration',
      'paid',
      1000,
      409,
      'This registration is paid or being paid, so its fee can no longer change. Refund instead.',
    ],
    ['more than the season’s fee', 'cash', 4501, 400, 'The fee can be at most the season’s fee, $45.00.'],
    ['a negative fee', 'cash', -1, 400, 'Enter the fee in dollars and cents, $0.00 or more.'],
    [
      'a withdrawn registration',
      'withdrawn',
      0,
      409,
      'This registration is withdrawn: there is no fee to set.',
    ],
  ])('refuses %s with a clear message, changing nothing', async (_, kind, amount_cents, status, message) => {
    // Prepare
    const season = await openSeason();
    const admin = await createAdmin();
    const player = kind === 'paid' ? await paidByCard(season.id) : await registeredPlayer('cash');
    if (kind === 'withdrawn') await call('withdrawMyTryout', { token: player.token });
    const before = await tableSnapshot();

    // Act
    const res = await call('setTryoutFee', {
      token: admin.token,
      params: { id: `${season.id}.${player.id}` },
      body: { amount_cents },
    });

    // Assess
    expect([res.status, res.body.message]).toEqual([status, message]);
    expect(await tableSnapshot()).toBe(before);
  });
});
