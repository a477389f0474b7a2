/**
 * A deletion is whole or nothing (issue 34): a removed child's registrations are reached, two guardians
 * deleting at once leave nothing behind, a large family is not stopped by its own withdraw limit, a deletion
 * killed half-way is finished by the system, and the invitations and links the account holds go with it.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow } from '@club/shared';
import { db, tableName } from '../../db/platform/client';
import { keys } from '../../db/platform/keys';
import { runRetention } from '../../services/privacy/retention';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { killedHalfWay } from '../../../test/crash';
import { PASSWORD, sameOrigin, uniqueEmail } from '../../../test/accounts';
import { linkFromLatestMail, tokenFromLink } from '../../../test/mailbox';
import { createPlayer, openSeason, type TestPlayer, tableText } from '../../../test/players';
import { aHouseholdRegistration, anAthlete, ok } from '../../../test/builders';

const CHILD = anAthlete({
  first_name: 'Ezinwanne',
  last_name: 'Thorvaldsen',
  date_of_birth: '2014-09-13',
  emergency_contact_name: 'Gwendolyn Pasquale',
  emergency_contact_phone: '780-555-0163',
  emergency_contact_email: 'gwendolyn.pasquale@example.test',
  emergency_contact_relationship: 'other',
});

function expectNamedNowhere(text: string, values: readonly string[]) {
  for (const value of values) expect(text, value).not.toContain(value.toLowerCase());
}

async function addChild(parent: TestPlayer, first_name: string): Promise<string> {
  const res = await call('addAthlete', { token: parent.token, body: { ...CHILD, first_name } });
  expect(res.status).toBe(201);
  return (res.body as { id: string }).id;
}

async function registerCash(parent: TestPlayer, athleteIds: readonly string[], age_group = '13U Boys') {
  const res = await call('registerTryout', {
    token: parent.token,
    body: aHouseholdRegistration(athleteIds.map((athlete_id) => ({ athlete_id, age_group }))),
  });
  expect(res.status, String(res.body.message)).toBe(201);
}

async function rows(adminToken: string, seasonId: string) {
  return (await call('listTryouts', { token: adminToken, query: { season_id: seasonId } }))
    .body as unknown as AdminTryoutRow[];
}

describe('removing a child from the household (issue 34)', () => {
  it("keeps the child's past registrations only as the club's record, and says so", async () => {
    // Prepare: a child registered, refunded with a reason that names them, withdrawn
    const admin = await createAdmin();
    const parent = await createPlayer({ first_name: 'Perpetua', email: uniqueEmail('perpetua') });
    const childId = await addChild(parent, 'Ezinwanne');
    const season = await openSeason({ name: 'Removal Fall 2025' });
    await registerCash(parent, [childId]);
    const id = `${season.id}.${childId}`;
    await ok('setCashCollected', { token: admin.token, params: { id }, body: { collected: true } });
    await ok('refundTryout', {
      token: admin.token,
      params: { id },
      body: { amount_cents: 1000, reason: 'Ezinwanne broke a wrist', idempotency_key: 'removal-refund-0001' },
    });
    expect(
      (await call('withdrawHouseholdTryout', { token: parent.token, params: { id: childId } })).status,
    ).toBe(200);

    // Act
    const removed = await call('deleteAthlete', { token: parent.token, params: { id: childId } });

    // Assess: removed; the registration is the club's record without identity; nothing names the child
    expect(removed.status).toBe(200);
    const [row] = await rows(admin.token, season.id);
    expect(row).toMatchObject({
      first_name: 'Deleted',
      last_name: 'member',
      withdrawn: true,
      amount_refunded_cents: 1000,
    });
    expect(row!.refunds?.map((r) => r.reason)).toEqual(['Reason removed with the member’s data']);
    expectNamedNowhere(await tableText(), [
      'Ezinwanne',
      CHILD.last_name,
      CHILD.date_of_birth,
      CHILD.emergency_contact_name,
      CHILD.emergency_contact_phone,
      CHILD.emergency_contact_email,
    ]);

    // And the parent's own deletion afterwards leaves nothing of the parent on it
    expect((await call('deleteAccount', { token: parent.token, body: { password: PASSWORD } })).status).toBe(
      200,
    );
    expectNamedNowhere(await tableText(), [parent.email, 'Perpetua']);
  });
});

describe('DELETE /account is whole or nothing (issue 34)', () => {
  it('two guardians deleting at once leave no household, child or guardian entry behind', async () => {
    // Prepare: two guardians of one registered child
    await openSeason({ name: 'Both Fall 2025' });
    const first = await createPlayer({ first_name: 'Philippa', email: uniqueEmail('philippa') });
    const childId = await addChild(first, 'Ezinwanne');
    const second = await createPlayer({ first_name: 'Leopold', email: uniqueEmail('leopold') });
    await ok('inviteGuardian', { token: first.token, body: { email: second.email } });
    const link = await linkFromLatestMail(second.email, /\/household\/join#/);
    expect(
      (await call('acceptGuardianInvite', { token: second.token, body: { token: tokenFromLink(link) } }))
        .status,
    ).toBe(200);
    await registerCash(first, [childId]);
    const householdId = first.user.household_id ?? (await profileOf(first.id))?.household_id;

    // Act: both at the same moment
    const [a, b] = await Promise.all([
      call('deleteAccount', { token: first.token, body: { password: PASSWORD } }),
      call('deleteAccount', { token: second.token, body: { password: PASSWORD } }),
    ]);

    // Assess
    expect([a.status, b.status]).toEqual([200, 200]);
    const text = await tableText();
    expect(text).not.toContain(`household#${String(householdId)}`.toLowerCase());
    expectNamedNowhere(text, [
      'Ezinwanne',
      CHILD.date_of_birth,
      CHILD.emergency_contact_email,
      first.email,
      second.email,
      'Philippa',
      'Leopold',
    ]);
  });

  it('deletes a family of twelve registered athletes whole, past its own withdraw limit of 10', async () => {
    // Prepare: a player's account and eleven children, all twelve registered this season
    const admin = await createAdmin();
    const season = await openSeason({ name: 'Twelve Fall 2025' });
    const parent = await createPlayer({ first_name: 'Ottavio', date_of_birth: '2011-02-02' });
    const children: string[] = [];
    const names = ['Aurelio', 'Bettina', 'Cosimo', 'Delphine', 'Emeric', 'Fenella', 'Gaspard', 'Honoria'];
    for (const name of [...names, 'Ignatius', 'Jocasta', 'Kasimir'])
      children.push(await addChild(parent, name));
    await registerCash(parent, children);
    await registerCash(parent, [parent.id], '15U Boys');

    // Act
    const res = await call('deleteAccount', { token: parent.token, body: { password: PASSWORD } });

    // Assess: all twelve withdrawn and without identity, the account gone
    expect(res.status).toBe(200);
    const all = await rows(admin.token, season.id);
    expect(all).toHaveLength(12);
    expect(all.every((r) => r.withdrawn && r.first_name === 'Deleted')).toBe(true);
    expect(
      (await call('login', { body: { email: parent.email, password: PASSWORD }, headers: sameOrigin }))
        .status,
    ).toBe(401);
    expectNamedNowhere(await tableText(), [parent.email, 'Ottavio', 'Aurelio', 'Kasimir']);
  });

  it('deletes the invitations the account sent and the links it was sent', async () => {
    const parent = await createPlayer({ first_name: 'Seraphina' });
    const invited = uniqueEmail('invitee');
    expect((await call('inviteGuardian', { token: parent.token, body: { email: invited } })).status).toBe(
      200,
    );
    expect((await call('forgotPassword', { body: { email: parent.email } })).status).toBe(200);
    const before = await tableText();
    expect(before).toContain(invited.toLowerCase());
    expect(before).toContain('"sk":"reset"');

    expect((await call('deleteAccount', { token: parent.token, body: { password: PASSWORD } })).status).toBe(
      200,
    );

    const after = await tableText();
    expect(after).not.toContain(invited.toLowerCase());
    expect(after).not.toContain('"sk":"reset"');
    expect(after).not.toContain('"sk":"invite"');
    expect(after).not.toContain(parent.id);
  });
});

async function profileOf(userId: string): Promise<Record<string, unknown> | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true }),
  );
  return out.Item;
}

describe('a deletion killed half-way (issue 34)', () => {
  it('signs in no more, and the retention job finishes it', async () => {
    // Prepare: a family of three registered athletes
    const admin = await createAdmin();
    const season = await openSeason({ name: 'Crash Fall 2025' });
    const parent = await createPlayer({ first_name: 'Bartholomew', date_of_birth: '2011-02-02' });
    const children = [await addChild(parent, 'Crispin'), await addChild(parent, 'Drusilla')];
    await registerCash(parent, children);

    // Act: the process dies after the first registration was cleared
    await killedHalfWay('delete-account', [parent.id, '1']);

    // Assess: half-way, nobody can use the account, and one row still names a child
    expect(
      (await call('login', { body: { email: parent.email, password: PASSWORD }, headers: sameOrigin }))
        .status,
    ).toBe(401);
    expect((await call('getHousehold', { token: parent.token })).status).toBe(401);
    const halfWay = await rows(admin.token, season.id);
    expect(halfWay.filter((r) => r.first_name === 'Deleted')).toHaveLength(1);

    // Act: the retention job's next run, 14 minutes on (too soon) and then 16 minutes on
    const soon = await runRetention(new Date(Date.now() + 14 * 60 * 1000));
    const later = await runRetention(new Date(Date.now() + 16 * 60 * 1000));

    // Assess: finished once, whole
    expect(soon.deletionsFinished).toBe(0);
    expect(later.deletionsFinished).toBe(1);
    expect((await rows(admin.token, season.id)).map((r) => [r.first_name, r.withdrawn])).toEqual([
      ['Deleted', true],
      ['Deleted', true],
    ]);
    expect(await profileOf(parent.id)).toBeUndefined();
    expectNamedNowhere(await tableText(), [parent.email, 'Bartholomew', 'Crispin', 'Drusilla']);
  });
});
