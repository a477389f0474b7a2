/**
 * Issue 17: a household's guardians. An invitation by mail (token in the link's fragment), accepted only by the
 * account with the invited address, once; an account that was the last guardian of its own household brings
 * its athletes; the last guardian cannot leave.
 */
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow, Athlete, Household } from '@club/shared';
import { getHouseholdItems } from '../../db/households/households';
import { getUser } from '../../db/accounts/users';
import { call } from '../../../test/api';
import { linkFromLatestMail, mailsTo, tokenFromLink } from '../../../test/mailbox';
import { createAdmin } from '../../../test/admin';
import {
  createPlayer,
  openSeason,
  registeredPlayer,
  tableSnapshot,
  type TestPlayer,
} from '../../../test/players';
import { uniqueEmail } from '../../../test/accounts';
import { anAthlete, ok } from '../../../test/builders';

function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

const child = (first_name: string) =>
  anAthlete({
    first_name,
    last_name: 'Quinn',
    date_of_birth: bornYearsAgo(10),
    emergency_contact_phone: '780-555-0199',
  });

const household = async (p: TestPlayer) =>
  (await call('getHousehold', { token: p.token })).body as unknown as Household;

/** Invites `email` into `inviter`'s household and answers the token the mail's link carries. */
async function invite(inviter: TestPlayer, email: string): Promise<string> {
  const res = await call('inviteGuardian', { token: inviter.token, body: { email } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const link = await linkFromLatestMail(email, /\/household\/join#/);
  return tokenFromLink(link);
}

describe('inviting a second guardian', () => {
  it('mails a link that the invited account accepts: both guardians then see the same household', async () => {
    // Prepare
    const parent = await createPlayer({ first_name: 'Jordan' });
    const mina = (await ok('addAthlete', { token: parent.token, body: child('Mina') }, 201))
      .body as unknown as Athlete;
    const other = await createPlayer({ first_name: 'Sam', email: uniqueEmail('sam') });

    // Act
    const token = await invite(parent, other.email);
    const accepted = await call('acceptGuardianInvite', { token: other.token, body: { token } });

    // Assess
    expect(accepted.status).toBe(200);
    const [mail] = await mailsTo(other.email);
    expect(mail!.subject).toBe('Jordan Quinn invited you to their family account at Summit Basketball');
    expect(mail!.body.text).toContain(
      'You will see the tryout registrations, results and details of Jordan and Mina, and can register and pay for them.',
    );
    const seenByParent = await household(parent);
    expect(await household(other)).toEqual(seenByParent);
    expect(seenByParent.guardians.map((g) => g.first_name)).toEqual(['Jordan', 'Sam']);
    expect(seenByParent.athletes.map((a) => a.id).sort()).toEqual([parent.id, other.id, mina.id].sort());
  });

  it('is accepted once: the same link a second time, even at once, changes nothing more', async () => {
    // Prepare
    const parent = await createPlayer();
    await ok('addAthlete', { token: parent.token, body: child('Mina') }, 201);
    const other = await createPlayer({ email: uniqueEmail('sam') });
    const token = await invite(parent, other.email);

    // Act
    const answers = await Promise.all([
      call('acceptGuardianInvite', { token: other.token, body: { token } }),
      call('acceptGuardianInvite', { token: other.token, body: { token } }),
    ]);
    const later = await call('acceptGuardianInvite', { token: other.token, body: { token } });

    // Assess
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.any(Number)]);
    expect(later.status).toBe(404);
    expect(later.body.message).toBe('This invitation link is invalid or has expired. Ask for a new one.');
    const user = await getUser(parent.id);
    const items = await getHouseholdItems(user!.household_id!);
    expect(items.guardianIds.sort()).toEqual([parent.id, other.id].sort());
  });

  it('refuses an account with another address, and nothing changes', async () => {
    // Prepare
    const parent = await createPlayer();
    const invitedEmail = uniqueEmail('invited');
    const token = await invite(parent, invitedEmail);
    const someoneElse = await createPlayer();
    const before = await tableSnapshot();

    // Act
    const res = await call('acceptGuardianInvite', { token: someoneElse.token, body: { token } });

    // Assess
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
    );
    expect(await tableSnapshot()).toBe(before);
  });

  it('brings the athletes of an account that was the last guardian of its own household', async () => {
    // Prepare: each parent has a child of their own.
    const parent = await createPlayer();
    await ok('addAthlete', { token: parent.token, body: child('Mina') }, 201);
    const other = await createPlayer({ email: uniqueEmail('sam') });
    const leo = (await ok('addAthlete', { token: other.token, body: child('Leo') }, 201))
      .body as unknown as Athlete;
    const oldHousehold = (await getUser(other.id))!.household_id!;

    // Act
    const token = await invite(parent, other.email);
    await ok('acceptGuardianInvite', { token: other.token, body: { token } });

    // Assess
    const names = (await household(parent)).athletes.map((a) => a.first_name).sort();
    expect(names).toEqual(['Avery', 'Avery', 'Leo', 'Mina']);
    expect((await household(other)).athletes.map((a) => a.id)).toContain(leo.id);
    expect(await getHouseholdItems(oldHousehold)).toEqual({ guardianIds: [], athletes: [] });
  });

  it('refuses to invite an address that is already a guardian', async () => {
    const parent = await createPlayer();

    const res = await call('inviteGuardian', {
      token: parent.token,
      body: { email: parent.email.toUpperCase() },
    });

    expect(res.status).toBe(409);
    expect(res.body.message).toBe('That address is already a guardian of your household.');
  });
});

describe('accepting invitations at the same moment (issue 34)', () => {
  it('lets in only the players whose athletes fit under the limit of 12', async () => {
    // Prepare: a household of 10 athletes (the holder and 9 children), and 4 players invited, each an
    // athlete of their own
    const parent = await createPlayer();
    for (let i = 0; i < 9; i += 1) {
      await ok('addAthlete', { token: parent.token, body: child(`Kid`) }, 201);
    }
    const invited = await Promise.all([0, 1, 2, 3].map(() => createPlayer({ email: uniqueEmail('joiner') })));
    const tokens: string[] = [];
    for (const p of invited) tokens.push(await invite(parent, p.email));

    // Act
    const answers = await Promise.all(
      invited.map((p, i) => call('acceptGuardianInvite', { token: p.token, body: { token: tokens[i] } })),
    );

    // Assess: two joined, two refused with the limit's message; 12 athletes
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.message).toBe('A household can have at most 12 athletes.');
    }
    expect((await household(parent)).athletes).toHaveLength(12);
  });
});

describe('DELETE /household/guardians/me', () => {
  it('lets a second guardian leave, back to a household of one, and never the last guardian', async () => {
    // Prepare
    const parent = await createPlayer();
    await ok('addAthlete', { token: parent.token, body: child('Mina') }, 201);
    const other = await createPlayer({ email: uniqueEmail('sam') });
    const token = await invite(parent, other.email);
    await ok('acceptGuardianInvite', { token: other.token, body: { token } });

    // Act
    const left = await call('leaveHousehold', { token: other.token });
    const last = await call('leaveHousehold', { token: parent.token });
    const alone = await call('leaveHousehold', { token: (await createPlayer()).token });

    // Assess
    expect(left.status).toBe(200);
    expect(left.body).toEqual({
      guardians: [{ id: other.id, first_name: 'Avery', last_name: 'Quinn', email: other.email }],
      athletes: [expect.objectContaining({ id: other.id })],
    });
    expect((await household(parent)).athletes.map((a) => a.first_name)).toEqual(['Avery', 'Mina']);
    for (const res of [last, alone]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You are the last guardian of this household, so you cannot leave it.');
    }
  });
});

describe('guardians of a registered athlete', () => {
  it('puts a parent who joined a player’s family account on the admin row and the CSV, and mails them the result with the player, once', async () => {
    // Prepare: a teen registered, then invited a parent, who joined.
    const seasonId = (await openSeason()).id;
    const admin = await createAdmin();
    const teen = await registeredPlayer('cash', { first_name: 'Leila', email: uniqueEmail('leila') });
    const parent = await createPlayer({ first_name: 'Pat', last_name: 'Tester', email: uniqueEmail('pat') });
    const token = await invite(teen, parent.email);
    expect((await call('acceptGuardianInvite', { token: parent.token, body: { token } })).status).toBe(200);
    const id = `${seasonId}.${teen.id}`;

    // Act
    const rows = (await call('listTryouts', { token: admin.token, query: { season_id: seasonId } }))
      .body as unknown as AdminTryoutRow[];
    const csv = await call('exportTryouts', { token: admin.token, query: { season_id: seasonId } });
    await ok('setSelection', { token: admin.token, params: { id }, body: { result: 'selected' } });
    const resent = await call('resendResult', { token: admin.token, params: { id } });

    // Assess
    expect(rows.find((r) => r.id === id)?.guardians).toEqual([
      { name: 'Leila Quinn', email: teen.email, phone_number: '7805550134' },
      { name: 'Pat Tester', email: parent.email, phone_number: '7805550134' },
    ]);
    expect(csv.text).toContain(
      `"Leila Quinn <${teen.email}> 7805550134; Pat Tester <${parent.email}> 7805550134"`,
    );
    expect(resent.status).toBe(200);
    const toTeen = (await mailsTo(teen.email)).filter((m) => m.subject.startsWith('You made the team'));
    const toParent = (await mailsTo(parent.email)).filter((m) => m.subject.startsWith('You made the team'));
    expect(toTeen).toHaveLength(1);
    expect(toParent).toHaveLength(1);
    expect(toParent[0]!.messageId).toBe(toTeen[0]!.messageId);
  });

  it('takes a guardian who left off the row', async () => {
    // Prepare
    const seasonId = (await openSeason()).id;
    const admin = await createAdmin();
    const teen = await registeredPlayer('cash', { email: uniqueEmail('leila') });
    const parent = await createPlayer({ email: uniqueEmail('pat') });
    const token = await invite(teen, parent.email);
    await ok('acceptGuardianInvite', { token: parent.token, body: { token } });

    // Act
    await ok('leaveHousehold', { token: parent.token });

    // Assess
    const rows = (await call('listTryouts', { token: admin.token, query: { season_id: seasonId } }))
      .body as unknown as AdminTryoutRow[];
    expect(rows.find((r) => r.id === `${seasonId}.${teen.id}`)?.guardians.map((g) => g.email)).toEqual([
      teen.email,
    ]);
  });
});

describe('an invitation’s page and mail (issue 36)', () => {
  it('say who invited and name the children, and give the invited address to a sign-up from it', async () => {
    // Prepare: a parent (not a player) with two children invites an address that has no account yet.
    const dana = await createPlayer({ first_name: 'Dana', last_name: 'Okafor', account_type: 'guardian' });
    for (const name of ['Jayden', 'Amara']) {
      await ok('addAthlete', { token: dana.token, body: child(name) }, 201);
    }
    const invited = uniqueEmail('chris');
    const token = await invite(dana, invited);

    // Act
    const page = await call('previewGuardianInvite', { body: { token } });
    const unknown = await call('previewGuardianInvite', {
      body: { token: token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
    });

    // Assess
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      inviter_name: 'Dana Okafor',
      athlete_names: ['Jayden', 'Amara'],
      email: invited,
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, expect.stringMatching(/invitation/i)]);
    const [mail] = (await mailsTo(invited)).filter((m) => m.subject.includes('invited you'));
    expect(mail!.subject).toBe('Dana Okafor invited you to their family account at Summit Basketball');
    expect(mail!.body.text).toContain(
      'You will see the tryout registrations, results and details of Jayden and Amara, and can register and pay for them.',
    );
  });
});

describe('invitations still waiting (issue 36)', () => {
  it('are listed for the household, a Resend replaces the link, and Cancel stops it', async () => {
    // Prepare
    const dana = await createPlayer({ first_name: 'Dana', last_name: 'Okafor' });
    await ok('addAthlete', { token: dana.token, body: child('Amara') }, 201);
    const chris = await createPlayer({ first_name: 'Chris', email: uniqueEmail('chris') });
    const first = await invite(dana, chris.email);

    // Act: sent again (Resend), listed, then cancelled.
    const second = await invite(dana, chris.email);
    const listed = await call('listGuardianInvites', { token: dana.token });
    const stale = await call('acceptGuardianInvite', { token: chris.token, body: { token: first } });
    const [waiting] = listed.body as unknown as Array<{ id: string }>;
    const stranger = await createPlayer();
    const notTheirs = await call('cancelGuardianInvite', {
      token: stranger.token,
      params: { id: waiting!.id },
    });
    const cancelled = await call('cancelGuardianInvite', { token: dana.token, params: { id: waiting!.id } });
    const afterCancel = await call('acceptGuardianInvite', { token: chris.token, body: { token: second } });

    // Assess
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{64}$/),
        email: chris.email.toLowerCase(),
        sent_by: 'Dana Okafor',
        sent_at: expect.any(String),
        expires_at: expect.any(String),
      },
    ]);
    expect(stale.status).toBe(404);
    expect([notTheirs.status, notTheirs.body.message]).toEqual([
      404,
      'That invitation is no longer waiting.',
    ]);
    expect([cancelled.status, cancelled.body]).toEqual([200, []]);
    expect(afterCancel.status).toBe(404);
  });
});
