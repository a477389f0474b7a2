import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AGE_GROUPS, type AuditEntry } from '@club/shared';
import { call } from '../../../test/api';
import { createAdmin, seedRegistrations } from '../../../test/admin';
import { PASSWORD, sameOrigin } from '../../../test/accounts';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason, registeredPlayer, tableSnapshot } from '../../../test/players';
import { indexAccounts } from '../../../../scripts/src/ops/index-accounts';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import * as seasonsTable from '../../db/seasons/seasons';
import { getUser } from '../../db/accounts/users';
import { runRetention } from './retention';
import { createSeason } from '../seasons/seasons';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The same moment two years (24 months) earlier, written out here rather than read from the code. */
function twoYearsBefore(at: Date): Date {
  const earlier = new Date(at.getTime());
  earlier.setUTCFullYear(earlier.getUTCFullYear() - 2);
  return earlier;
}

describe('the retention job: registrations of old seasons (issue 19)', () => {
  it('removes personal fields 24 months after a season’s last session, not a moment before', async () => {
    const admin = await createAdmin();
    // A season whose last session ended on 2023-09-30 at 20:00 UTC, and its registrations.
    const old = await createSeason({
      name: 'Fall 2023 Tryouts',
      age_groups: AGE_GROUPS,
      reference_year: 2023,
      sessions: [
        {
          kind: 'tryout',
          age_groups: ['15U Boys'],
          starts_at: '2023-09-23T16:00:00.000Z',
          ends_at: '2023-09-23T18:00:00.000Z',
          location: 'Gym',
          address: '1 Main St',
        },
        {
          kind: 'tryout',
          age_groups: ['15U Boys'],
          starts_at: '2023-09-30T18:00:00.000Z',
          ends_at: '2023-09-30T20:00:00.000Z',
          location: 'Gym',
          address: '1 Main St',
        },
      ],
    });
    const rows = await seedRegistrations(old.id, 3, { result: 'selected' });
    const marked = await call('setAttended', {
      token: admin.token,
      params: { id: `${old.id}.${rows[0]!.userId}` },
      body: { attended: true },
    });
    expect(marked.status).toBe(200);
    // A newer season becomes the active one, with a registration of its own.
    const current = await openSeason({ name: 'Fall 2025 Tryouts' });
    const [kept] = await seedRegistrations(current.id, 1);

    const before = await runRetention(new Date('2025-09-30T19:59:00.000Z'), 24);
    expect(before.seasonsCleared).toBe(0);
    const untouched = await tableSnapshot();
    for (const row of rows) expect(untouched).toContain(row.email);

    const report = await runRetention(new Date('2025-09-30T20:01:00.000Z'), 24);
    expect(report.seasonsCleared).toBe(1);
    expect(report.registrationsCleared).toBe(3);

    const after = await tableSnapshot();
    for (const row of rows) {
      expect(after).not.toContain(row.email);
      expect(after).not.toContain(row.name);
    }
    // The club's record stays: numbers, results, attendance and amounts, under "Deleted member".
    const list = await call('listTryouts', { token: admin.token, query: { season_id: old.id } });
    const left = list.body as unknown as Array<Record<string, unknown>>;
    expect(
      left.map((r) => [r.tryout_number, r.first_name, r.last_name, r.result, r.email, r.phone_number]),
    ).toEqual([
      [1, 'Deleted', 'member', 'selected', '', ''],
      [2, 'Deleted', 'member', 'selected', '', ''],
      [3, 'Deleted', 'member', 'selected', '', ''],
    ]);
    expect(left[0]!.attended).toBe(true);
    // Its audit entries went with it; the active season's rows are untouched.
    const audit = await call('listAudit', { token: admin.token, query: { season_id: old.id } });
    expect(audit.body as unknown as AuditEntry[]).toEqual([]);
    expect(after).toContain(kept!.email);
    expect((await seasonsTable.getSeason(old.id))!.personal_data_removed_at).toBe('2025-09-30T20:01:00.000Z');

    // A later run finds nothing more to do.
    expect((await runRetention(new Date('2025-10-01T20:00:00.000Z'), 24)).seasonsCleared).toBe(0);
  });
});

describe('the retention job: unused accounts (issue 19)', () => {
  it('mails an account unused for 24 months once, then deletes it 30 days later unless it signs in', async () => {
    const t0 = new Date();
    const longAgo = new Date(twoYearsBefore(t0).getTime() - HOUR).toISOString();
    const justInside = new Date(twoYearsBefore(t0).getTime() + HOUR).toISOString();
    const idle = await createPlayer({ createdAt: longAgo, first_name: 'Idle' });
    const returning = await createPlayer({ createdAt: longAgo, first_name: 'Returning' });
    const recent = await createPlayer({ createdAt: justInside, first_name: 'Recent' });
    // An administrator's account is never noticed or deleted.
    const admin = await createAdmin();
    const registered = await registeredPlayer('cash', { createdAt: longAgo, first_name: 'Registered' });

    const first = await runRetention(t0, 24);
    expect((await mailsTo(idle.email)).map((m) => m.subject)).toEqual([
      'Your account will be deleted unless you sign in',
    ]);
    expect(await mailsTo(returning.email)).toHaveLength(1);
    expect(await mailsTo(recent.email)).toHaveLength(0);
    expect(
      await mailsTo(registered.email).then((m) => m.filter((x) => x.subject.includes('deleted'))),
    ).toHaveLength(0);
    expect(first.noticesSent).toBeGreaterThanOrEqual(2);
    const notice = (await mailsTo(idle.email))[0]!;
    const deleteOn = new Intl.DateTimeFormat('en-CA', {
      dateStyle: 'long',
      timeZone: 'America/Edmonton',
    }).format(new Date(t0.getTime() + 30 * DAY));
    expect(notice.body.text).toContain(deleteOn);

    // Run again the next day: no second notice.
    await runRetention(new Date(t0.getTime() + DAY), 24);
    expect(await mailsTo(idle.email)).toHaveLength(1);

    // The returning member signs in: the notice no longer holds.
    const login = await call('login', {
      body: { email: returning.email, password: PASSWORD },
      headers: sameOrigin,
    });
    expect(login.status).toBe(200);

    // One hour short of 30 days: nobody is deleted yet.
    await runRetention(new Date(t0.getTime() + 30 * DAY - HOUR), 24);
    expect(await getUser(idle.id)).not.toBeNull();

    const last = await runRetention(new Date(t0.getTime() + 30 * DAY + HOUR), 24);
    expect(last.accountsDeleted).toBeGreaterThanOrEqual(1);
    expect(await getUser(idle.id)).toBeNull();
    const refused = await call('login', {
      body: { email: idle.email, password: PASSWORD },
      headers: sameOrigin,
    });
    expect(refused.status).toBe(401);
    const snapshot = await tableSnapshot();
    expect(snapshot).not.toContain(idle.email);

    for (const kept of [returning, recent, admin, registered]) expect(await getUser(kept.id)).not.toBeNull();
    expect(await mailsTo(returning.email)).toHaveLength(1);
  });
});

describe('accounts made before the accounts index (issue 19)', () => {
  it('are noticed once the operator’s one-off script has indexed them, and only then', async () => {
    const t0 = new Date();
    const id = randomUUID();
    const email = `old-${id.slice(0, 8)}@example.test`;
    const longAgo = new Date(twoYearsBefore(t0).getTime() - DAY).toISOString();
    // A profile as it was stored before: no place in the accounts index.
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.user(id),
          type: 'user',
          id,
          email,
          first_name: 'Older',
          last_name: 'Account',
          is_admin: false,
          createdAt: longAgo,
          verifiedAt: longAgo,
          passwordHash: 'x',
          passwordVersion: 0,
        },
      }),
    );

    await runRetention(t0, 24);
    expect(await mailsTo(email)).toHaveLength(0);

    expect((await indexAccounts()).indexed).toBe(1);
    expect((await indexAccounts()).indexed).toBe(0);
    await runRetention(t0, 24);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      'Your account will be deleted unless you sign in',
    ]);
  });
});
