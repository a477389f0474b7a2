/**
 * Issue 36: nothing changes silently. A session keeps its id through the admin's edits; moving its day, time
 * or gym counts a change (the calendar's SEQUENCE), mails every family registered in its groups once per
 * change and family through the queue, and moves the event in the family's subscribed calendar (same UID).
 */
import ICAL from 'ical.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdminSeason, Athlete, CalendarLinkAnswer, TryoutSession } from '@club/shared';
import { call } from '../../../test/api';
import { createAdmin, mailCounts, startWorker, waitFor } from '../../../test/admin';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason, type TestPlayer } from '../../../test/players';
import { enqueueResultMails } from '../../queue/result-mail-queue';
import type { ResultMailPoller } from '../../../../scripts/src/local/result-mail-poller';
import { aHouseholdRegistration, anAthlete, aTryoutRegistration, ok } from '../../../test/builders';

let worker: ResultMailPoller | undefined;
afterAll(async () => worker?.stop());

const GYM = { location: 'Harry Ainlay gym', address: '4350 111 St NW, Edmonton' };
const OTHER_GYM = { location: 'Ross Sheppard gym', address: '13546 111 Ave NW, Edmonton' };

const child = (first_name: string, year: number, division: 'boys' | 'girls') =>
  anAthlete({
    first_name,
    last_name: 'Okafor',
    date_of_birth: `${year}-03-09`,
    emergency_contact_name: 'Dana Okafor',
    emergency_contact_phone: '780-555-0142',
    emergency_contact_email: 'dana@example.test',
    division,
  });

async function addChild(parent: TestPlayer, ...args: Parameters<typeof child>): Promise<Athlete> {
  const res = await call('addAthlete', { token: parent.token, body: child(...args) });
  expect(res.status).toBe(201);
  return res.body as unknown as Athlete;
}

/** The family's subscribed feed, as a phone reads it: UID, SEQUENCE, instant and summary per event. */
async function feedOf(parent: TestPlayer) {
  const link = (await call('getHouseholdCalendarLink', { token: parent.token }))
    .body as unknown as CalendarLinkAnswer;
  expect(link.subscribe_url).toMatch(/^webcal:\/\//);
  const key = new URL(link.download_url).searchParams.get('key')!;
  const file = await call('getCalendarByLink', { query: { key } });
  expect(file.status).toBe(200);
  return new ICAL.Component(ICAL.parse(file.text))
    .getAllSubcomponents('vevent')
    .map((e) => {
      const event = new ICAL.Event(e);
      return {
        uid: event.uid,
        sequence: event.sequence,
        start: event.startDate.toJSDate().toISOString(),
        summary: event.summary,
        location: event.location,
      };
    })
    .sort((a, b) => a.summary.localeCompare(b.summary));
}

describe('a session that moves (issue 36)', () => {
  it('mails each family in its groups once, and their subscribed calendar moves the same event', async () => {
    // Prepare: one session for 15U Girls and 13U Boys, one for 17U Boys; a family with a child in each of
    // the first's groups, and a player in the other.
    const admin = await createAdmin();
    const season = await openSeason({ name: 'Fall 2026 Tryouts' });
    const put = (sessions: unknown[]) =>
      call('updateSeason', { token: admin.token, params: { id: season.id }, body: { sessions } });
    const first = {
      kind: 'tryout',
      age_groups: ['15U Girls', '13U Boys'],
      starts_at: '2026-08-18T18:00',
      ends_at: '2026-08-18T19:30',
      ...GYM,
    };
    const second = {
      ...first,
      age_groups: ['17U Boys'],
      starts_at: '2026-08-18T20:00',
      ends_at: '2026-08-18T21:30',
    };
    const saved = (await put([first, second])).body as unknown as AdminSeason;
    const [s1, s2] = saved.sessions as Array<Required<TryoutSession>>;
    expect([s1!.sequence, s2!.sequence]).toEqual([0, 0]);
    expect(s1!.id).toMatch(/^[0-9a-f-]{36}$/);

    const dana = await createPlayer({ first_name: 'Dana', last_name: 'Okafor', date_of_birth: '1984-01-01' });
    const mina = await addChild(dana, 'Mina', 2011, 'girls');
    const leo = await addChild(dana, 'Leo', 2013, 'boys');
    expect(
      (
        await call('registerTryout', {
          token: dana.token,
          body: aHouseholdRegistration([
            { athlete_id: mina.id, age_group: '15U Girls' },
            { athlete_id: leo.id, age_group: '13U Boys' },
          ]),
        })
      ).status,
    ).toBe(201);
    const other = await createPlayer({ date_of_birth: '2009-05-05' });
    await ok(
      'registerTryout',
      {
        token: other.token,
        body: aTryoutRegistration({ age_group: '17U Boys' }),
      },
      201,
    );
    const before = await feedOf(dana);
    worker = await startWorker();

    // Act: the first session moves a day later, to another gym, saved twice at once (two admins' tabs).
    const moved = { ...s1!, starts_at: '2026-08-19T18:00', ends_at: '2026-08-19T19:30', ...OTHER_GYM };
    const saves = await Promise.all([put([moved, s2]), put([moved, s2])]);

    // Assess: the change is counted once. A save that raced the other is told to reload; one that came after
    // it finds nothing moved (both answers are right, which one depends on timing).
    expect(saves.some((r) => r.status === 200)).toBe(true);
    for (const refused of saves.filter((r) => r.status !== 200)) {
      expect([refused.status, refused.body.message]).toEqual([
        409,
        'Another administrator changed the sessions a moment ago. Please reload the page and make your change again.',
      ]);
    }
    const after = (await call('listSeasons', { token: admin.token })).body as unknown as AdminSeason[];
    const stored = after.find((s) => s.id === season.id)!.sessions;
    expect(stored.map((s) => [s.id, s.sequence])).toEqual([
      [s1!.id, 1],
      [s2!.id, 0],
    ]);

    // The family is mailed once; a duplicate on the queue sends nothing more; the other family nothing.
    await waitFor(
      () => mailCounts([dana.email]),
      (counts) => counts.get(dana.email.toLowerCase()) === 1 + 1, // the registration's confirmation, then this
    );
    await enqueueResultMails([
      {
        kind: 'session-change',
        season_id: season.id,
        session_id: s1!.id,
        sequence: 1,
        user_id: dana.id,
        was: { starts_at: first.starts_at, ends_at: first.ends_at, ...GYM },
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const changed = (await mailsTo(dana.email)).filter((m) => m.subject.startsWith('Tryout moved'));
    expect(changed.map((m) => m.subject)).toEqual([
      'Tryout moved: Mina and Leo’s 15U Girls and 13U Boys session is now Wednesday, August 19, 2026 · 6:00 p.m. – 7:30 p.m.',
    ]);
    const text = changed[0]!.body.text;
    expect(text).toMatch(/^Hi Dana,/);
    expect(text).toContain(
      'Was: Tuesday, August 18, 2026 · 6:00 p.m. – 7:30 p.m., Harry Ainlay gym, 4350 111 St NW, Edmonton',
    );
    expect(text).toContain(
      'Now: Wednesday, August 19, 2026 · 6:00 p.m. – 7:30 p.m., Ross Sheppard gym, 13546 111 Ave NW, Edmonton',
    );
    expect(text).toContain('Map: Ross Sheppard gym: https://www.google.com/maps/search/');
    expect((await mailsTo(other.email)).filter((m) => m.subject.startsWith('Tryout moved'))).toEqual([]);

    // The subscribed feed: the same events (UIDs), a higher SEQUENCE, the new instant (6 pm in Edmonton in
    // August is 00:00 UTC the next day) and gym.
    const now = await feedOf(dana);
    expect(now.map((e) => e.uid)).toEqual(before.map((e) => e.uid));
    expect(before.map((e) => [e.summary, e.sequence, e.start])).toEqual([
      [expect.stringMatching(/^Leo: 13U Boys tryout \(#\d+\)$/), 0, '2026-08-19T00:00:00.000Z'],
      [expect.stringMatching(/^Mina: 15U Girls tryout \(#\d+\)$/), 0, '2026-08-19T00:00:00.000Z'],
    ]);
    expect(now.map((e) => [e.sequence, e.start, e.location])).toEqual([
      [1, '2026-08-20T00:00:00.000Z', 'Ross Sheppard gym, 13546 111 Ave NW, Edmonton'],
      [1, '2026-08-20T00:00:00.000Z', 'Ross Sheppard gym, 13546 111 Ave NW, Edmonton'],
    ]);
  }, 120_000);

  it('counts nothing and mails no one when only the groups or the order change', async () => {
    const admin = await createAdmin();
    const season = await openSeason({ name: 'Winter 2026 Tryouts' });
    const put = (sessions: unknown[]) =>
      call('updateSeason', { token: admin.token, params: { id: season.id }, body: { sessions } });
    const a = {
      kind: 'tryout',
      age_groups: ['15U Boys'],
      starts_at: '2026-12-01T18:00',
      ends_at: '2026-12-01T19:30',
      ...GYM,
    };
    const b = { ...a, starts_at: '2026-12-02T18:00', ends_at: '2026-12-02T19:30' };
    const [s1, s2] = ((await put([a, b])).body as unknown as AdminSeason).sessions;

    const res = await put([{ ...s2!, age_groups: ['15U Boys', '16U Boys'] }, s1]);

    expect(res.status).toBe(200);
    expect((res.body as unknown as AdminSeason).sessions.map((s) => [s.id, s.sequence])).toEqual([
      [s2!.id, 0],
      [s1!.id, 0],
    ]);
  });
});
