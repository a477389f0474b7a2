import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@club/shared';
import { call } from '../../../test/api';
import { createAdmin, seedRegistrations } from '../../../test/admin';
import { openSeason } from '../../../test/players';

const audit = async (token: string, query: { season_id: string; tryout_id?: string }) => {
  const res = await call('listAudit', { token, query });
  expect(res.status).toBe(200);
  return res.body as unknown as AuditEntry[];
};

describe('GET /admin/audit?season_id=: what administrators changed (issue 19)', () => {
  it('lists every admin change newest first (who, what, before, after, when), one row with tryout_id', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const [row, other] = await seedRegistrations(season.id, 2);
    const id = `${season.id}.${row!.userId}`;
    const otherId = `${season.id}.${other!.userId}`;
    const started = new Date().toISOString();

    const steps = [
      () => call('setAttended', { token: admin.token, params: { id }, body: { attended: true } }),
      () => call('setSelection', { token: admin.token, params: { id }, body: { result: 'selected' } }),
      () => call('setSelection', { token: admin.token, params: { id }, body: { result: 'not_selected' } }),
      () => call('setCashCollected', { token: admin.token, params: { id }, body: { collected: true } }),
      () => call('setAttended', { token: admin.token, params: { id: otherId }, body: { attended: true } }),
      () =>
        call('setTeamLink', {
          token: admin.token,
          params: { id: season.id },
          body: { age_group: '15U Boys', url: 'https://go.teamsnap.com/team/15u-boys' },
        }),
      () =>
        call('updateSeason', {
          token: admin.token,
          params: { id: season.id },
          body: { tryout_fee_cents: 5_500 },
        }),
      () =>
        call('setRegistrationStatus', {
          token: admin.token,
          params: { id: season.id },
          body: { open: false },
        }),
      () => call('exportTryouts', { token: admin.token, query: { season_id: season.id } }),
    ];
    // One after another: each entry's time follows the one before.
    for (const step of steps) expect((await step()).status).toBe(200);

    const entries = await audit(admin.token, { season_id: season.id });
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ['csv_export', {}, { rows: 2 }],
      ['registration_window', { is_registration_open: true }, { is_registration_open: false }],
      ['season_settings', { tryout_fee_cents: 4_500 }, { tryout_fee_cents: 5_500 }],
      [
        'team_link',
        { 'teamsnap_links.15U Boys': null },
        { 'teamsnap_links.15U Boys': 'https://go.teamsnap.com/team/15u-boys' },
      ],
      ['attendance', { attended: false }, { attended: true }],
      ['cash', { payment_status: 'cash' }, { payment_status: 'paid' }],
      ['result', { result: 'selected' }, { result: 'not_selected' }],
      ['result', { result: '' }, { result: 'selected' }],
      ['attendance', { attended: false }, { attended: true }],
      // The season's own creation (here by the test's seed, not an administrator).
      [
        'season_created',
        {},
        { name: 'Fall 2025 Tryouts', tryout_fee_cents: 4_500, sibling_fee_cents: null, reference_year: 2025 },
      ],
    ]);
    expect(entries.pop()!.actor_id).toBe('system');
    for (const entry of entries) {
      expect(entry.actor_id).toBe(admin.id);
      expect(entry.season_id).toBe(season.id);
      expect(entry.at >= started).toBe(true);
    }
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse());
    expect(entries.filter((e) => e.tryout_id === id)).toHaveLength(4);

    // Ids and values, never a member's details.
    const text = JSON.stringify(entries);
    for (const detail of [row!.email, row!.name, '7805550134', 'Robin Tester', '2010-06-15']) {
      expect(text).not.toContain(detail);
    }

    const history = await audit(admin.token, { season_id: season.id, tryout_id: id });
    expect(history.map((e) => e.action)).toEqual(['cash', 'result', 'result', 'attendance']);
    expect(history.every((e) => e.tryout_id === id)).toBe(true);
  });

  it('records refunds, reinstatements and result mail sent and resent, each once', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const [paid, withdrawn] = await seedRegistrations(season.id, 2, {
      result: 'selected',
      overrides: (i) => (i === 1 ? { withdrawn: true } : {}),
    });
    const id = `${season.id}.${paid!.userId}`;
    const withdrawnId = `${season.id}.${withdrawn!.userId}`;

    const cash = await call('setCashCollected', {
      token: admin.token,
      params: { id },
      body: { collected: true },
    });
    expect(cash.status).toBe(200);
    const refund = { amount_cents: 1_000, reason: 'Injured', idempotency_key: randomUUID() };
    // A double click: one refund, one entry.
    const refunds = await Promise.all([
      call('refundTryout', { token: admin.token, params: { id }, body: refund }),
      call('refundTryout', { token: admin.token, params: { id }, body: refund }),
    ]);
    expect(refunds.map((r) => r.status)).toEqual([200, 200]);
    const back = await call('reinstateTryout', { token: admin.token, params: { id: withdrawnId } });
    expect(back.status).toBe(200);
    const send = await call('sendResults', { token: admin.token, params: { seasonId: season.id } });
    expect(send.status).toBe(200);
    const again = await call('sendResults', { token: admin.token, params: { seasonId: season.id } });
    expect(again.status).toBe(200);
    const resend = await call('resendResult', { token: admin.token, params: { id } });
    expect(resend.status).toBe(200);

    const entries = await audit(admin.token, { season_id: season.id });
    const byAction = (action: string) => entries.filter((e) => e.action === action);
    expect(byAction('refund').map((e) => [e.tryout_id, e.before, e.after])).toEqual([
      [
        id,
        { refund_reserved_cents: 0 },
        { refund_reserved_cents: 1_000, amount_cents: 1_000, method: 'cash' },
      ],
    ]);
    expect(byAction('reinstate').map((e) => [e.tryout_id, e.before, e.after])).toEqual([
      [withdrawnId, { withdrawn: true }, { withdrawn: false }],
    ]);
    // The second send found nothing new to ask for: it changed nothing, so it wrote nothing.
    expect(byAction('result_mail_send').map((e) => e.after.rows)).toEqual([2]);
    expect(byAction('result_mail_resend').map((e) => e.tryout_id)).toEqual([id]);
    expect(entries.every((e) => e.actor_id === admin.id || e.action === 'season_created')).toBe(true);
  });

  it('writes nothing for a change refused or not made, and a 404 for another season’s row', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const [card] = await seedRegistrations(season.id, 1, { payment_method: 'stripe' });
    const id = `${season.id}.${card!.userId}`;

    const refused = await call('setCashCollected', {
      token: admin.token,
      params: { id },
      body: { collected: true },
    });
    expect(refused.status).toBe(409);
    const unknownRow = await call('setAttended', {
      token: admin.token,
      params: { id: `${season.id}.${randomUUID()}` },
      body: { attended: true },
    });
    expect(unknownRow.status).toBe(404);
    // The result it already has: nothing changes.
    const same = await call('setSelection', { token: admin.token, params: { id }, body: { result: '' } });
    expect(same.status).toBe(200);

    const entries = await audit(admin.token, { season_id: season.id });
    expect(entries.map((e) => e.action)).toEqual(['season_created']);
    const other = await openSeason({ name: 'Other season' });
    const res = await call('listAudit', {
      token: admin.token,
      query: { season_id: other.id, tryout_id: id },
    });
    expect(res.status).toBe(404);
    const none = await call('listAudit', { token: admin.token, query: { season_id: randomUUID() } });
    expect(none.status).toBe(404);
  });

  it('keeps each entry’s "before" exact when two administrators change one row at once', async () => {
    const [first, second] = await Promise.all([createAdmin(), createAdmin()]);
    const season = await openSeason();
    const [row] = await seedRegistrations(season.id, 1);
    const id = `${season.id}.${row!.userId}`;

    const results = [
      'selected',
      'not_selected',
      'selected',
      'not_selected',
      'selected',
      'not_selected',
    ] as const;
    const answers = await Promise.all(
      results.map((result, i) =>
        call('setSelection', {
          token: (i % 2 ? second : first).token,
          params: { id },
          body: { result },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);

    // Every entry is a real change from what the row held then: a "before" read ahead of another
    // administrator's change would equal its own "after". One starts from no result; the last is the row's.
    const chain = (await audit(first.token, { season_id: season.id, tryout_id: id })).reverse();
    expect(chain.length).toBeGreaterThan(0);
    for (const entry of chain) expect(entry.before).not.toEqual(entry.after);
    expect(chain.filter((e) => e.before.result === '')).toHaveLength(1);
    const final = await call('listTryouts', { token: first.token, query: { season_id: season.id } });
    const [current] = final.body as unknown as Array<{ result: string }>;
    // From the first result on, each entry flips it: the row ends where that many flips lead.
    const start = chain.find((e) => e.before.result === '')!.after.result;
    const flipped = start === 'selected' ? 'not_selected' : 'selected';
    expect(current!.result).toBe((chain.length - 1) % 2 === 0 ? start : flipped);
    for (const entry of chain) expect([first.id, second.id]).toContain(entry.actor_id);
  });
});
