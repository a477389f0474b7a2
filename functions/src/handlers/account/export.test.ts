/**
 * GET /account/export (issue 19): a member sees everything stored about their account and household. The
 * test reads the whole table and checks that every item that names the account, its household or its
 * athletes is in the export, value by value.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Household } from '@club/shared';
import { db, tableName } from '../../db/platform/client';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { sameOrigin, uniqueEmail } from '../../../test/accounts';
import { linkFromLatestMail, tokenFromLink } from '../../../test/mailbox';
import { createPlayer, openSeason } from '../../../test/players';
import { aHouseholdRegistration, anAthlete, aTryoutRegistration, ok } from '../../../test/builders';

const CHILD = anAthlete({
  first_name: 'Mina',
  last_name: 'Quinn-Export',
  date_of_birth: '2014-05-06',
  emergency_contact_phone: '780-555-0199',
  emergency_contact_email: 'robin.export@example.test',
});

/** Items kept on purpose out of an export: token hashes keyed by the hash, and rate-limit counters. */
const NOT_EXPORTED = ['RATE#', 'TOKEN#', 'REFRESH#'];
/** The table's own attributes, and the password hash and claim ids (never information about the member). */
const BOOKKEEPING = new Set([
  'PK',
  'SK',
  'GSI1PK',
  'GSI1SK',
  'type',
  'passwordHash',
  'pendingEmailTokenHash',
  'claim',
  'lease_until',
]);

async function scanAll(): Promise<Array<Record<string, unknown>>> {
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A family with an added child, registered in two seasons, a refund, an opening notice and two sign-ins. */
async function familyWithHistory() {
  const admin = await createAdmin();
  const parent = await createPlayer({ first_name: 'Avery', last_name: 'Exporter' });
  const child = (await ok('addAthlete', { token: parent.token, body: CHILD }, 201)).body as { id: string };
  await ok('login', {
    body: { email: parent.email, password: 'Correct!Horse9Battery' },
    headers: sameOrigin,
  });

  const first = await openSeason({ name: 'Export Spring 2025' });
  const registered = await call('registerTryout', {
    token: parent.token,
    body: aHouseholdRegistration([
      { athlete_id: parent.id, age_group: '16U Boys' },
      { athlete_id: child.id, age_group: '13U Boys' },
    ]),
  });
  expect(registered.status).toBe(201);
  const tryoutId = `${first.id}.${child.id}`;
  expect(
    (
      await call('setCashCollected', {
        token: admin.token,
        params: { id: tryoutId },
        body: { collected: true },
      })
    ).status,
  ).toBe(200);
  const refund = await call('refundTryout', {
    token: admin.token,
    params: { id: tryoutId },
    body: { amount_cents: 1000, reason: 'Sibling discount', idempotency_key: 'export-test-refund-0001' },
  });
  expect(refund.status).toBe(200);

  const second = await openSeason({ name: 'Export Fall 2025', is_registration_open: false });
  expect((await call('requestOpeningNotice', { token: parent.token })).status).toBe(200);
  await ok('setRegistrationStatus', {
    token: admin.token,
    params: { id: second.id },
    body: { open: true },
  });
  expect(
    (
      await call('registerTryout', {
        token: parent.token,
        body: aTryoutRegistration({ age_group: '16U Boys' }),
      })
    ).status,
  ).toBe(201);
  return { parent, child, seasons: [first, second] };
}

describe('GET /account/export', () => {
  it('holds every item stored about the account and its household, value by value, and no token', async () => {
    // Prepare
    const { parent, child } = await familyWithHistory();
    const household = (await call('getHousehold', { token: parent.token })).body as unknown as Household;
    expect(household.athletes.map((a) => a.id).sort()).toEqual([parent.id, child.id].sort());

    // Act
    const res = await call('exportAccount', { token: parent.token });

    // Assess: a download of JSON
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[^"]+\.json"$/);
    const exported = res.text;

    // Every item naming the account, its e-mail, its household or an athlete is in the export
    const household_id = (res.body.account as { household_id: string }).household_id;
    const marks = [parent.id, child.id, parent.email, household_id, CHILD.emergency_contact_email];
    const items = (await scanAll()).filter(
      (item) =>
        !NOT_EXPORTED.some((prefix) => String(item.PK).startsWith(prefix)) &&
        marks.some((mark) => JSON.stringify(item).includes(mark)),
    );
    const kinds = new Set(items.map((item) => String(item.type)));
    // The profile, its sessions, household, athletes, registrations in two seasons, a refund, the notice
    expect(items.length).toBeGreaterThanOrEqual(9);
    for (const kind of [
      'user',
      'session-family',
      'household-athlete',
      'tryout',
      'refund',
      'opening-notice',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    for (const item of items) {
      for (const [key, value] of Object.entries(item)) {
        if (BOOKKEEPING.has(key) || value === null || typeof value === 'object') continue;
        expect(exported, `${String(item.PK)}|${String(item.SK)} ${key}`).toContain(JSON.stringify(value));
      }
    }
    // Never a secret
    expect(exported).not.toContain('passwordHash');
    expect(exported).not.toMatch(/\$argon2/);
  });

  it('answers the same as a readable page, and nothing of another household', async () => {
    // Prepare
    const { parent, child, seasons } = await familyWithHistory();
    const stranger = await createPlayer({ first_name: 'Sol', last_name: 'Stranger' });

    // Act
    const page = await call('exportAccount', { token: parent.token, query: { format: 'html' } });
    const theirs = await call('exportAccount', { token: stranger.token });

    // Assess
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toBe('text/html; charset=utf-8');
    expect(String(page.headers['content-disposition'])).toMatch(/\.html"$/);
    expect(page.text).toContain('Quinn-Export');
    expect(page.text).toContain('Export Spring 2025');
    expect(page.text).toContain('Sibling discount');
    // A page for a parent (issue 34): headings and words, not the table's field names, ids or ISO times
    for (const heading of ['Your account', 'Your children', 'Tryout registrations', 'Refunds']) {
      expect(page.text).toContain(`<h2>${heading}</h2>`);
    }
    expect(page.text).toContain('<dt>Date of birth</dt><dd>May 6, 2014</dd>');
    expect(page.text).toContain(
      '<dt>Emergency contact</dt><dd>Robin Quinn (Parent): 780-555-0199, robin.export@example.test</dd>',
    );
    expect(page.text).toContain('In cash, $45.00');
    for (const internal of [
      'payment_status',
      'player_id',
      'season_id',
      'emergency_contact_name',
      'created_at',
    ]) {
      expect(page.text, internal).not.toContain(internal);
    }
    for (const id of [parent.id, child.id, ...seasons.map((s) => s.id)])
      expect(page.text, id).not.toContain(id);
    expect(page.text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}/);
    expect(page.text).toMatch(/(a\.m\.|p\.m\.)/);
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain('Quinn-Export');
    expect(theirs.text).not.toContain(parent.email);
  });

  it('gives a co-guardian only as the household shows them, never their account (issue 34)', async () => {
    // Prepare: a second guardian who signed in and asked for a new address, not yet confirmed
    const parent = await createPlayer({ first_name: 'Avery' });
    const other = await createPlayer({ first_name: 'Casey', last_name: 'Coparent' });
    await ok('inviteGuardian', { token: parent.token, body: { email: other.email } });
    const link = await linkFromLatestMail(other.email, /\/household\/join#/);
    expect(
      (await call('acceptGuardianInvite', { token: other.token, body: { token: tokenFromLink(link) } }))
        .status,
    ).toBe(200);
    const secret = uniqueEmail('casey-private');
    expect(
      (
        await call('changeEmail', {
          token: other.token,
          body: { email: secret, current_password: 'Correct!Horse9Battery' },
        })
      ).status,
    ).toBe(200);

    // Act
    const res = await call('exportAccount', { token: parent.token });
    const page = await call('exportAccount', { token: parent.token, query: { format: 'html' } });

    // Assess
    expect(res.body.other_guardians).toEqual([
      { first_name: 'Casey', last_name: 'Coparent', email: other.email },
    ]);
    // The household's own items: this guardian's membership, not the other's
    const memberships = (res.body.household as Array<Record<string, unknown>>).filter(
      (item) => item.type === 'household-guardian',
    );
    expect(memberships.map((m) => m.user_id)).toEqual([parent.id]);
    for (const text of [res.text, page.text]) expect(text).not.toContain(secret);
    expect(page.text).toContain(`Casey Coparent: ${other.email}`);
  });

  it('refuses a format it does not know, and a visitor who is not signed in', async () => {
    const parent = await createPlayer();
    const odd = await call('exportAccount', { token: parent.token, query: { format: 'xml' } });
    const anonymous = await call('exportAccount');
    expect([odd.status, odd.body.message]).toEqual([400, 'Choose json or html.']);
    expect(anonymous.status).toBe(401);
  });
});
