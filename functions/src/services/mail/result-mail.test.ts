/**
 * Result mail after the night (issue 42): a family gets one mail per round greeting its guardians and naming
 * each child's result, a player's own account reads it as always, and a group that still has a tryout
 * session ahead is not mailed its results unless the admin confirms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInClubZone, type AdminTryoutRow, type Athlete } from '@club/shared';
import { createAdmin, startWorker, waitFor } from '../../../test/admin';
import { call } from '../../../test/api';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason, registeredPlayer, type TestPlayer } from '../../../test/players';
import { sessionOn } from '../../../test/tryout-night';
import type { ResultMailPoller } from '../../../../scripts/src/local/result-mail-poller';
import { aHouseholdRegistration, anAthlete } from '../../../test/builders';

let worker: ResultMailPoller;
let admin: TestPlayer;

beforeAll(async () => {
  worker = await startWorker();
  admin = await createAdmin();
});
afterAll(async () => worker?.stop());

const dayAfter = (days: number) => todayInClubZone(new Date(Date.now() + days * 24 * 60 * 60 * 1000));

/** An active season with these sessions, and one cash registrant of 15U Boys whose result is set. */
async function decidedPlayerIn(name: string, sessions: unknown[]) {
  const season = await openSeason({ name });
  const set = await call('updateSeason', {
    token: admin.token,
    params: { id: season.id },
    body: { sessions },
  });
  expect(set.status).toBe(200);
  const player = await registeredPlayer('cash');
  const result = await call('setSelection', {
    token: admin.token,
    params: { id: `${season.id}.${player.id}` },
    body: { result: 'selected' },
  });
  expect(result.status).toBe(200);
  return { season, player };
}

describe('sending results while a group still has a tryout session ahead (issue 42)', () => {
  it('is refused with what is ahead, mails nobody, and goes once the admin confirms', async () => {
    // Prepare: 15U Boys play again tomorrow.
    const tomorrow = dayAfter(1);
    const { season, player } = await decidedPlayerIn('Fall 2031 Tryouts', [
      sessionOn(tomorrow, ['15U Boys']),
    ]);
    const [y, m, d] = tomorrow.split('-').map(Number) as [number, number, number];
    const when = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'UTC',
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date(Date.UTC(y, m - 1, d)));

    // Act
    const refused = await call('sendResults', { token: admin.token, params: { seasonId: season.id } });
    const rows = await call('listTryouts', { token: admin.token, query: { season_id: season.id } });

    // Assess
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Not sent yet: 15U Boys (${when} · 6:00 p.m. – 8:00 p.m.) still has a tryout session ahead, and families would read a result before playing it. Confirm to send anyway.`,
    );
    expect((rows.body as unknown as Array<{ email_status: string }>)[0]!.email_status).toBe('not_sent');

    // Act
    const confirmed = await call('sendResults', {
      token: admin.token,
      params: { seasonId: season.id },
      query: { sessions_ahead: 'send' },
    });

    // Assess
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.details).toMatchObject({ total: 1 });
    const mails = await waitFor(
      () => mailsTo(player.email),
      (found) => found.some((m) => m.subject.startsWith('You made the team')),
    );
    expect(mails.filter((m) => m.subject.startsWith('You made the team'))).toHaveLength(1);
  }, 120_000);

  it('asks nothing once the group’s sessions are over, nor for another group’s session ahead', async () => {
    // Prepare: 15U Boys played yesterday; 17U Boys play tomorrow.
    const { season, player } = await decidedPlayerIn('Fall 2032 Tryouts', [
      sessionOn(dayAfter(-1), ['15U Boys']),
      sessionOn(dayAfter(1), ['17U Boys']),
    ]);

    // Act
    const sent = await call('sendResults', { token: admin.token, params: { seasonId: season.id } });

    // Assess
    expect(sent.status).toBe(200);
    expect(sent.body.details).toMatchObject({ total: 1 });
    await waitFor(
      () => mailsTo(player.email),
      (found) => found.some((m) => m.subject.startsWith('You made the team')),
    );
  }, 120_000);
});

/** A child added to the guardian's household through the API. */
async function addChild(guardian: TestPlayer, first_name: string, date_of_birth: string): Promise<Athlete> {
  const res = await call('addAthlete', {
    token: guardian.token,
    body: anAthlete({
      first_name,
      last_name: 'Sharma',
      date_of_birth,
      emergency_contact_name: 'Robin Sharma',
      emergency_contact_phone: '780-555-0199',
      emergency_contact_email: 'robin.sharma@example.test',
    }),
  });
  expect(res.status).toBe(201);
  return res.body as unknown as Athlete;
}

const resultMails = async (email: string) =>
  (await mailsTo(email)).filter((m) => /made the team|tryout results? /i.test(m.subject));

describe('result mail to a family (issue 42)', () => {
  it('greets the guardian and names each child’s result in one mail, while a player’s own account reads it as always', async () => {
    // Prepare: Priya registers Freya (15U Girls, selected, with a team link) and Leo (13U Boys, not
    // selected); Avery, a player, registers on their own account and is selected.
    const season = await openSeason({ name: 'Fall 2033 Tryouts' });
    const link = await call('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '15U Girls', url: 'https://go.teamsnap.com/team/15g' },
    });
    expect(link.status).toBe(200);
    const priya = await createPlayer({
      first_name: 'Priya',
      last_name: 'Sharma',
      date_of_birth: '1984-01-01',
    });
    const freya = await addChild(priya, 'Freya', '2011-03-09');
    const leo = await addChild(priya, 'Leo', '2012-03-09');
    const registered = await call('registerTryout', {
      token: priya.token,
      body: aHouseholdRegistration([
        { athlete_id: freya.id, age_group: '15U Girls' },
        { athlete_id: leo.id, age_group: '13U Boys' },
      ]),
    });
    expect(registered.status, String(registered.body.message)).toBe(201);
    const avery = await registeredPlayer('cash');
    for (const [id, result] of [
      [freya.id, 'selected'],
      [leo.id, 'not_selected'],
      [avery.id, 'selected'],
    ] as const) {
      const set = await call('setSelection', {
        token: admin.token,
        params: { id: `${season.id}.${id}` },
        body: { result },
      });
      expect(set.status).toBe(200);
    }

    // Act
    const sent = await call('sendResults', { token: admin.token, params: { seasonId: season.id } });

    // Assess: every row Sent, and one mail per family.
    expect(sent.status).toBe(200);
    expect(sent.body.details).toMatchObject({ total: 3 });
    const rows = await waitFor(
      async () =>
        (await call('listTryouts', { token: admin.token, query: { season_id: season.id } }))
          .body as unknown as AdminTryoutRow[],
      (found) => found.every((r) => r.email_status === 'sent'),
    );
    expect(rows.map((r) => [r.first_name, r.email_sent])).toEqual(
      expect.arrayContaining([
        ['Freya', true],
        ['Leo', true],
        ['Avery', true],
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const toPriya = await resultMails(priya.email);
    expect(toPriya.map((m) => m.subject)).toEqual(['Tryout results for Freya and Leo: Fall 2033 Tryouts']);
    const text = toPriya[0]!.body.text!;
    expect(text).toMatch(
      /^Hi Priya,\n\nCongratulations! Freya has been selected for the Summit Basketball 15U Girls team for Fall 2033 Tryouts\.\n/,
    );
    expect(text).toContain(
      'Leo tried out for 13U Boys: we were not able to offer Leo a spot on a team this season.',
    );
    expect(text).toContain('Join Freya’s team on TeamSnap: https://go.teamsnap.com/team/15g');
    const toAvery = await resultMails(avery.email);
    expect(toAvery.map((m) => m.subject)).toEqual(['You made the team: 15U Boys, Fall 2033 Tryouts']);
    expect(toAvery[0]!.body.text).toMatch(
      /^Hi Avery,\n\nCongratulations! You have been selected for the Summit Basketball 15U Boys team for Fall 2033 Tryouts\.\n/,
    );

    // Act: the admin resends Freya's result alone.
    const resent = await call('resendResult', {
      token: admin.token,
      params: { id: `${season.id}.${freya.id}` },
    });

    // Assess
    expect(resent.status).toBe(200);
    const again = (await resultMails(priya.email)).filter((m) => m.subject.startsWith('Freya'));
    expect(again.map((m) => m.subject)).toEqual(['Freya made the team: 15U Girls, Fall 2033 Tryouts']);
    expect(again[0]!.body.text).toMatch(
      /^Hi Priya,\n\nCongratulations! Freya has been selected for the Summit Basketball 15U Girls team for Fall 2033 Tryouts\.\n/,
    );
  }, 120_000);
});
