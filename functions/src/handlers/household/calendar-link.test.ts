/**
 * The family's calendar subscription has a revocable secret (issue 42): what a calendar app does with a link
 * once the family resets it, changes the password, or a guardian leaves the household.
 */
import { describe, expect, it } from 'vitest';
import type { Athlete, CalendarLinkAnswer } from '@club/shared';
import { call } from '../../../test/api';
import { NEW_PASSWORD, PASSWORD, sameOrigin } from '../../../test/accounts';
import { createAdmin } from '../../../test/admin';
import { linkFromLatestMail, tokenFromLink } from '../../../test/mailbox';
import { createPlayer, openSeason, type TestPlayer } from '../../../test/players';
import { aHouseholdRegistration, anAthlete } from '../../../test/builders';

const INVALID =
  'This calendar link is not valid any more. Sign in and add the tryouts to your calendar from your dashboard.';

/** A parent with a child registered for a season whose 15U Girls session is set. */
async function familyWithASession(): Promise<TestPlayer> {
  const admin = await createAdmin();
  const season = await openSeason({ name: 'Calendar Fall 2026' });
  const sessions = await call('updateSeason', {
    token: admin.token,
    params: { id: season.id },
    body: {
      sessions: [
        {
          kind: 'tryout',
          age_groups: ['15U Girls'],
          starts_at: '2026-08-18T18:00',
          ends_at: '2026-08-18T19:30',
          location: 'Harry Ainlay gym',
          address: '4350 111 St NW, Edmonton',
        },
      ],
    },
  });
  expect(sessions.status).toBe(200);
  const parent = await createPlayer({ first_name: 'Dana', last_name: 'Okafor', date_of_birth: '1984-01-01' });
  const child = await call('addAthlete', {
    token: parent.token,
    body: anAthlete({
      first_name: 'Mina',
      last_name: 'Okafor',
      date_of_birth: '2011-03-09',
      emergency_contact_name: 'Dana Okafor',
      emergency_contact_phone: '780-555-0142',
      emergency_contact_email: 'dana@example.test',
      division: 'girls',
    }),
  });
  expect(child.status).toBe(201);
  const registered = await call('registerTryout', {
    token: parent.token,
    body: aHouseholdRegistration([
      { athlete_id: (child.body as unknown as Athlete).id, age_group: '15U Girls' },
    ]),
  });
  expect(registered.status, String(registered.body.message)).toBe(201);
  return parent;
}

async function linkOf(token: string): Promise<CalendarLinkAnswer> {
  const res = await call('getHouseholdCalendarLink', { token });
  expect(res.status).toBe(200);
  return res.body as unknown as CalendarLinkAnswer;
}

/** What a calendar app gets when it fetches the feed again: the status, and the events' summaries. */
async function fetchFeed(link: CalendarLinkAnswer) {
  const key = new URL(link.download_url).searchParams.get('key')!;
  const res = await call('getCalendarByLink', { query: { key } });
  return {
    status: res.status,
    message: res.status === 200 ? '' : String(res.body.message),
    events: res.status === 200 ? (res.text.match(/^SUMMARY:.*$/gm) ?? []).length : 0,
    namesMina: res.status === 200 && res.text.includes('Mina'),
  };
}

describe('the family calendar link (issue 42)', () => {
  it('serves the events until reset; then the old link serves none and the new one does', async () => {
    // Prepare
    const parent = await familyWithASession();
    const old = await linkOf(parent.token);
    expect(await fetchFeed(old)).toMatchObject({ status: 200, events: 1, namesMina: true });

    // Act
    const reset = await call('resetHouseholdCalendarLink', { token: parent.token, headers: sameOrigin });

    // Assess
    expect(reset.status).toBe(200);
    const fresh = reset.body as unknown as CalendarLinkAnswer;
    expect(fresh.subscribe_url).toMatch(/^webcal:\/\//);
    expect(fresh.download_url).not.toBe(old.download_url);
    expect(await fetchFeed(old)).toEqual({ status: 404, message: INVALID, events: 0, namesMina: false });
    expect(await fetchFeed(fresh)).toMatchObject({ status: 200, events: 1, namesMina: true });
    // The link the page shows afterwards is the new one's feed
    expect(await fetchFeed(await linkOf(parent.token))).toMatchObject({ status: 200, events: 1 });
  });

  it('ends with a password change', async () => {
    // Prepare
    const parent = await familyWithASession();
    const old = await linkOf(parent.token);
    expect((await fetchFeed(old)).status).toBe(200);

    // Act
    const changed = await call('changePassword', {
      token: parent.token,
      headers: sameOrigin,
      body: { current_password: PASSWORD, new_password: NEW_PASSWORD },
    });

    // Assess
    expect(changed.status).toBe(200);
    expect(await fetchFeed(old)).toMatchObject({ status: 404, message: INVALID });
  });

  it('ends for a guardian who leaves the household; the guardian who stays keeps theirs', async () => {
    // Prepare: a second guardian joins, and both have the link
    const parent = await familyWithASession();
    const other = await createPlayer({ first_name: 'Sam', last_name: 'Okafor' });
    const invited = await call('inviteGuardian', { token: parent.token, body: { email: other.email } });
    expect(invited.status).toBe(200);
    const token = tokenFromLink(await linkFromLatestMail(other.email, /\/household\/join#/));
    expect((await call('acceptGuardianInvite', { token: other.token, body: { token } })).status).toBe(200);
    const leaversLink = await linkOf(other.token);
    const stayersLink = await linkOf(parent.token);
    expect(await fetchFeed(leaversLink)).toMatchObject({ status: 200, namesMina: true });

    // Act
    const left = await call('leaveHousehold', { token: other.token, headers: sameOrigin });

    // Assess
    expect(left.status).toBe(200);
    expect(await fetchFeed(leaversLink)).toMatchObject({ status: 404, message: INVALID });
    expect(await fetchFeed(stayersLink)).toMatchObject({ status: 200, namesMina: true });
  });
});
