/**
 * DELETE /account (issue 19): re-authenticated by the password; afterwards nothing in the table names the
 * member or their child, the club keeps its records without identity, and a bounced address stays unmailed.
 */
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow, Household } from '@club/shared';
import { getMailStatus, recordMailEvent } from '../../db/mail/mail-status';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { PASSWORD, refreshCookieFrom, sameOrigin, uniqueEmail } from '../../../test/accounts';
import { linkFromLatestMail, tokenFromLink } from '../../../test/mailbox';
import { createPlayer, openSeason, tableSnapshot, tableText } from '../../../test/players';
import { aHouseholdRegistration, anAthlete, ok } from '../../../test/builders';

const PARENT = {
  first_name: 'Zephyrine',
  last_name: 'Oyelaran',
  phone_number: '5875550142',
  date_of_birth: '2008-02-27',
  emergency_contact_name: 'Bartholomew Oyelaran',
  emergency_contact_phone: '5875550177',
  emergency_contact_email: 'bart.oyelaran@example.test',
};
const CHILD = anAthlete({
  first_name: 'Ifeoluwa',
  last_name: 'Oyelaran-Smythe',
  date_of_birth: '2014-09-13',
  emergency_contact_name: 'Temperance Quill',
  emergency_contact_phone: '780-555-0163',
  emergency_contact_email: 'temperance.quill@example.test',
  emergency_contact_relationship: 'other',
});

describe('DELETE /account', () => {
  it('refuses a wrong password with 401 and changes nothing', async () => {
    const player = await createPlayer();
    const before = await tableSnapshot();

    const res = await call('deleteAccount', { token: player.token, body: { password: 'Not!The9Password' } });

    expect(res.status).toBe(401);
    expect(res.body.message).toBe('That is not your current password.');
    expect(await tableSnapshot()).toBe(before);
    expect(
      (await call('login', { body: { email: player.email, password: PASSWORD }, headers: sameOrigin }))
        .status,
    ).toBe(200);
  });

  it('deletes every refresh token the account was given: rotated, current and signed out (issue 42)', async () => {
    // Prepare: one device signed in and refreshed once (a spent token and its successor), another signed out
    const player = await createPlayer();
    const signIn = async () => {
      const res = await call('login', {
        body: { email: player.email, password: PASSWORD },
        headers: sameOrigin,
      });
      expect(res.status).toBe(200);
      return refreshCookieFrom(res.cookies);
    };
    const first = await signIn();
    const refreshed = await call('refreshToken', { cookies: [first], headers: sameOrigin });
    expect(refreshed.status).toBe(200);
    const second = await signIn();
    expect((await call('logout', { cookies: [second], headers: sameOrigin })).status).toBe(204);
    const tokensOf = async () => (await tableText()).split(`"userid":"${player.id}"`).length - 1;
    expect(await tokensOf()).toBeGreaterThanOrEqual(2);

    // Act
    const res = await call('deleteAccount', { token: player.token, body: { password: PASSWORD } });

    // Assess: no item carries the account's id any more
    expect(res.status).toBe(200);
    expect(await tokensOf()).toBe(0);
    expect(await tableText()).not.toContain(player.id);
  });

  it('deletes the member and their child, keeps the club’s records without identity, and never mails a bounced address', async () => {
    // Prepare: a parent (a player's account) with a child, both registered last season (a cash refund among
    // them) and this season, a bounced address, and a signed-in device
    const admin = await createAdmin();
    const parent = await createPlayer(PARENT);
    const child = (await ok('addAthlete', { token: parent.token, body: CHILD }, 201)).body as { id: string };
    const past = await openSeason({ name: 'Deletion Spring 2025' });
    await ok(
      'registerTryout',
      {
        token: parent.token,
        body: aHouseholdRegistration([
          { athlete_id: parent.id, age_group: '18U Boys' },
          { athlete_id: child.id, age_group: '13U Boys' },
        ]),
      },
      201,
    );
    const pastChild = `${past.id}.${child.id}`;
    await ok('setCashCollected', {
      token: admin.token,
      params: { id: pastChild },
      body: { collected: true },
    });
    await ok('refundTryout', {
      token: admin.token,
      params: { id: pastChild },
      body: { amount_cents: 1500, reason: 'Injury', idempotency_key: 'deletion-test-refund-01' },
    });
    await ok('setSelection', {
      token: admin.token,
      params: { id: pastChild },
      body: { result: 'selected' },
    });
    const current = await openSeason({ name: 'Deletion Fall 2025' });
    expect(
      (
        await call('registerTryout', {
          token: parent.token,
          body: aHouseholdRegistration([{ athlete_id: child.id, age_group: '13U Boys' }]),
        })
      ).status,
    ).toBe(201);
    await recordMailEvent(parent.email, 'bounced', new Date());
    // A change of address asked for and never confirmed: its link holds the new address.
    const newAddress = uniqueEmail('zephyrine-new');
    const asked = await call('changeEmail', {
      token: parent.token,
      body: { email: newAddress, current_password: PASSWORD },
    });
    expect(asked.status).toBe(200);
    const signedIn = await ok('login', {
      body: { email: parent.email, password: PASSWORD },
      headers: sameOrigin,
    });
    const cookie = refreshCookieFrom(signedIn.cookies);

    // Act
    const res = await call('deleteAccount', { token: parent.token, body: { password: PASSWORD } });

    // Assess: gone, every session with it
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your account was deleted.');
    expect(
      (await call('login', { body: { email: parent.email, password: PASSWORD }, headers: sameOrigin }))
        .status,
    ).toBe(401);
    expect((await call('refreshToken', { cookies: [cookie], headers: sameOrigin })).status).toBe(401);

    // Nothing in the table names them
    const text = await tableText();
    for (const value of [
      parent.email,
      newAddress,
      PARENT.first_name,
      PARENT.last_name,
      PARENT.phone_number,
      PARENT.date_of_birth,
      PARENT.emergency_contact_name,
      PARENT.emergency_contact_phone,
      PARENT.emergency_contact_email,
      CHILD.first_name,
      CHILD.last_name,
      CHILD.date_of_birth,
      CHILD.emergency_contact_name,
      CHILD.emergency_contact_phone,
      CHILD.emergency_contact_email,
    ]) {
      expect(text, value).not.toContain(value.toLowerCase());
    }

    // The club's records stay: number, group, result, amounts and refunds; this season's is withdrawn
    const pastRows = (await call('listTryouts', { token: admin.token, query: { season_id: past.id } }))
      .body as unknown as AdminTryoutRow[];
    expect(pastRows).toHaveLength(2);
    const kept = pastRows.find((r) => r.age_group === '13U Boys')!;
    expect(kept).toMatchObject({
      first_name: 'Deleted',
      last_name: 'member',
      result: 'selected',
      amount_refunded_cents: 1500,
      tryout_number: expect.any(Number),
    });
    // The admin's free-text reason could name the child (issue 34)
    expect(kept.refunds?.map((r) => r.reason)).toEqual(['Reason removed with the member’s data']);
    const currentRows = (await call('listTryouts', { token: admin.token, query: { season_id: current.id } }))
      .body as unknown as AdminTryoutRow[];
    expect(currentRows.map((r) => [r.first_name, r.withdrawn])).toEqual([['Deleted', true]]);

    // The bounced address is still never mailed, though it is stored nowhere
    expect((await getMailStatus(parent.email))?.suppressed).toBe('bounced');
  });

  it('leaves the household to the guardian who remains, with its children, and takes the leaver off every row', async () => {
    // Prepare: two guardians of one child, registered this season
    const admin = await createAdmin();
    const leaver = await createPlayer({
      first_name: 'Wilhelmina',
      last_name: 'Quaresma',
      email: uniqueEmail('leaver'),
    });
    const child = (
      await call('addAthlete', { token: leaver.token, body: { ...CHILD, first_name: 'Ottoline' } })
    ).body as { id: string };
    const stays = await createPlayer({ first_name: 'Remy', email: uniqueEmail('stays') });
    await ok('inviteGuardian', { token: leaver.token, body: { email: stays.email } });
    const link = await linkFromLatestMail(stays.email, /\/household\/join#/);
    expect(
      (await call('acceptGuardianInvite', { token: stays.token, body: { token: tokenFromLink(link) } }))
        .status,
    ).toBe(200);
    const season = await openSeason({ name: 'Deletion Winter 2025' });
    await ok(
      'registerTryout',
      {
        token: stays.token,
        body: aHouseholdRegistration([{ athlete_id: child.id, age_group: '13U Boys' }]),
      },
      201,
    );

    // Act
    const res = await call('deleteAccount', { token: leaver.token, body: { password: PASSWORD } });

    // Assess: the child stays with the other guardian, registered, and the leaver is named nowhere
    expect(res.status).toBe(200);
    const household = (await call('getHousehold', { token: stays.token })).body as unknown as Household;
    expect(household.guardians.map((g) => g.first_name)).toEqual(['Remy']);
    expect(household.athletes.map((a) => a.first_name).sort()).toEqual(['Ottoline', 'Remy']);
    const rows = (await call('listTryouts', { token: admin.token, query: { season_id: season.id } }))
      .body as unknown as AdminTryoutRow[];
    expect(rows.map((r) => [r.first_name, r.withdrawn, r.guardians.map((g) => g.email)])).toEqual([
      ['Ottoline', false, [stays.email]],
    ]);
    const text = await tableText();
    for (const value of [leaver.email, 'Wilhelmina', 'Quaresma']) {
      expect(text, value).not.toContain(value.toLowerCase());
    }
  });
});
