/**
 * Issue 37: helpers with exactly the access they need. The admin invites by e-mail for one job, only the
 * invited address accepts, and access ends when the admin removes it or a day after the season's last session.
 */
import { describe, expect, it } from 'vitest';
import type { HelperGrant, SeasonHelper } from '@club/shared';
import { todayInClubZone } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { linkFromLatestMail, mailsTo, tokenFromLink } from '../../../test/mailbox';
import { createPlayer, openSeason, tableSnapshot } from '../../../test/players';
import { helperOf } from '../../../test/tryout-night';
import { helperGrantNow } from '../../services/platform/access';
import { ok } from '../../../test/builders';

const session = (day: string) => ({
  kind: 'tryout',
  age_groups: ['15U Boys', '15U Girls'],
  starts_at: `${day}T18:00`,
  ends_at: `${day}T20:00`,
  location: 'Harry Ainlay High School',
  address: '4350 111 St NW, Edmonton, AB',
});

/** The admin sets the season's sessions (checked: a setup that failed fails the test). */
async function setSeasonSessions(adminToken: string, seasonId: string, sessions: unknown[]): Promise<void> {
  const res = await call('updateSeason', { token: adminToken, params: { id: seasonId }, body: { sessions } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function seasonTonight(name: string) {
  const season = await openSeason({ name });
  const admin = await createAdmin();
  await setSeasonSessions(admin.token, season.id, [session(todayInClubZone())]);
  return { season, admin };
}

/** Invites `email` for the job and answers the token of the link mailed to it. */
async function invite(adminToken: string, seasonId: string, body: Record<string, unknown>): Promise<string> {
  const res = await call('inviteHelper', { token: adminToken, params: { id: seasonId }, body });
  expect(res.status).toBe(201);
  return tokenFromLink(await linkFromLatestMail(String(body.email), /\/helpers\/accept#/));
}

describe('helpers (issue 37)', () => {
  it('mails an invitation that only the invited address accepts, then the door opens for that season', async () => {
    // Prepare
    const { season, admin } = await seasonTonight('Fall 2026 Tryouts');
    const helper = await createPlayer({ first_name: 'Casey', last_name: 'Door' });
    const stranger = await createPlayer();
    const token = await invite(admin.token, season.id, { email: helper.email, role: 'check-in' });
    const mail = (await mailsTo(helper.email)).at(-1)!;
    expect(mail.subject).toBe('Help at Fall 2026 Tryouts: Check-in');
    expect(mail.body.text).toContain('The link works for 7 days');
    // Who asks, for which job, and the night: date, time and gym.
    expect(mail.body.text).toContain(
      'Morgan Admin of Summit Basketball invited you to help at Fall 2026 Tryouts: you would check players in at the door',
    );
    expect(mail.body.text).toMatch(
      /The night:\n\n• \w+, \w+ \d{1,2}, \d{4} · 6:00 p\.m\. – 8:00 p\.m\. at Harry Ainlay High School\n/,
    );
    // The page the link opens says the job and the address before anyone signs in.
    const facts = new URLSearchParams(
      new URL(await linkFromLatestMail(helper.email, /\/helpers\/accept#/)).hash
        .split('&')
        .slice(1)
        .join('&'),
    );
    expect([facts.get('job'), facts.get('email'), facts.get('season')]).toEqual([
      'check-in',
      helper.email,
      'Fall 2026 Tryouts',
    ]);
    expect(facts.getAll('night')).toHaveLength(1);
    expect((await call('getTonight', { token: helper.token, params: { seasonId: season.id } })).status).toBe(
      403,
    );

    // Act
    const refused = await call('acceptHelper', { token: stranger.token, body: { token } });
    const accepted = await call('acceptHelper', { token: helper.token, body: { token } });

    // Assess
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'This helper invitation was sent to another e-mail address. Sign in with that address to accept it.',
    );
    expect(accepted.status).toBe(200);
    expect((accepted.body as unknown as HelperGrant[]).map((g) => [g.season_name, g.role])).toEqual([
      ['Fall 2026 Tryouts', 'check-in'],
    ]);
    expect((await call('getTonight', { token: helper.token, params: { seasonId: season.id } })).status).toBe(
      200,
    );
    const list = (await call('listHelpers', { token: admin.token, params: { id: season.id } }))
      .body as unknown as SeasonHelper[];
    expect(list.map((h) => [h.email, h.status, h.name])).toEqual([[helper.email, 'active', 'Casey Door']]);
    // The link is spent.
    expect((await call('acceptHelper', { token: helper.token, body: { token } })).status).toBe(404);
  });

  it('gives an evaluator only their job: the roster of their groups, not the door, not other groups', async () => {
    const { season, admin } = await seasonTonight('Winter 2026 Tryouts');
    const evaluator = await createPlayer();
    const missing = await call('inviteHelper', {
      token: admin.token,
      params: { id: season.id },
      body: { email: evaluator.email, role: 'evaluator' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Choose the age groups this evaluator scores.');
    const token = await invite(admin.token, season.id, {
      email: evaluator.email,
      role: 'evaluator',
      age_groups: ['15U Boys'],
    });
    await ok('acceptHelper', { token: evaluator.token, body: { token } });

    const own = await call('getRoster', {
      token: evaluator.token,
      params: { seasonId: season.id },
      query: { age_group: '15U Boys' },
    });
    const other = await call('getRoster', {
      token: evaluator.token,
      params: { seasonId: season.id },
      query: { age_group: '15U Girls' },
    });
    const door = await call('getTonight', { token: evaluator.token, params: { seasonId: season.id } });

    expect(own.status).toBe(200);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You do not score this age group this season.');
    expect(door.status).toBe(403);
  });

  it('ends access at once when the admin removes the helper, and refuses a second removal', async () => {
    const { season, admin } = await seasonTonight('Spring 2027 Tryouts');
    const helper = await createPlayer();
    const token = await invite(admin.token, season.id, { email: helper.email, role: 'check-in' });
    await ok('acceptHelper', { token: helper.token, body: { token } });
    const [first] = (await call('listHelpers', { token: admin.token, params: { id: season.id } }))
      .body as unknown as SeasonHelper[];

    const removed = await call('removeHelper', {
      token: admin.token,
      params: { id: season.id, helperId: first!.id },
    });

    expect(removed.status).toBe(200);
    expect(removed.body).toEqual([]);
    const after = await call('getTonight', { token: helper.token, params: { seasonId: season.id } });
    expect(after.status).toBe(403);
    expect(after.body.message).toBe(
      'You are not a helper for this job this season, or your access has ended.',
    );
    expect((await call('myHelperGrants', { token: helper.token })).body).toEqual([]);
    const again = await call('removeHelper', {
      token: admin.token,
      params: { id: season.id, helperId: first!.id },
    });
    expect(again.status).toBe(404);
  });

  it('ends access a day after the season’s last session, and sends no invitation for a season that is over', async () => {
    const { season, admin } = await seasonTonight('Summer 2026 Tryouts');
    const helper = await createPlayer();
    const token = await invite(admin.token, season.id, { email: helper.email, role: 'check-in' });
    await ok('acceptHelper', { token: helper.token, body: { token } });
    const twoDaysAgo = todayInClubZone(new Date(Date.now() - 2 * 24 * 60 * 60 * 1000));
    // Its last session ended (20:00 Edmonton) a day and a few hours ago at least: access has ended.
    await ok('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { sessions: [session(twoDaysAgo)] },
    });
    expect((await call('getTonight', { token: helper.token, params: { seasonId: season.id } })).status).toBe(
      403,
    );
    const before = await tableSnapshot();
    const late = await call('inviteHelper', {
      token: admin.token,
      params: { id: season.id },
      body: { email: 'late.helper@example.test', role: 'check-in' },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This season’s sessions are over, so it has no helpers to invite.');
    expect(await tableSnapshot()).toBe(before);
  });

  it('keeps an ended access ended when the admin then removes the season’s sessions or adds a later one', async () => {
    // Prepare: the season's last session was two days ago, so the helper's access has ended.
    const { season, admin } = await seasonTonight('Fall 2028 Tryouts');
    const helper = await helperOf(admin, season.id, 'check-in');
    const setSessions = (sessions: unknown[]) => setSeasonSessions(admin.token, season.id, sessions);
    const door = async () =>
      (await call('getTonight', { token: helper.token, params: { seasonId: season.id } })).status;
    await setSessions([session(todayInClubZone(new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)))]);
    expect(await door()).toBe(403);

    // Act: the admin tidies the season's sessions away, then adds one tomorrow.
    await setSessions([]);
    const withNone = await door();
    await setSessions([session(todayInClubZone(new Date(Date.now() + 24 * 60 * 60 * 1000)))]);
    const withLater = await door();

    // Assess
    expect([withNone, withLater]).toEqual([403, 403]);
    expect((await call('myHelperGrants', { token: helper.token })).body).toEqual([]);
  });

  it('keeps an ended access ended for a helper who made no request since the end, when a later night is added', async () => {
    // Prepare: the season's last session was two days ago; the helper has not opened the door since.
    const { season, admin } = await seasonTonight('Fall 2029 Tryouts');
    const helper = await helperOf(admin, season.id, 'check-in');
    const setSessions = (sessions: unknown[]) => setSeasonSessions(admin.token, season.id, sessions);
    await setSessions([session(todayInClubZone(new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)))]);

    // Act: a make-up night tomorrow, then the helper tries the door.
    await setSessions([session(todayInClubZone(new Date(Date.now() + 24 * 60 * 60 * 1000)))]);
    const door = await call('getTonight', { token: helper.token, params: { seasonId: season.id } });

    // Assess
    expect(door.status).toBe(403);
    expect((await call('myHelperGrants', { token: helper.token })).body).toEqual([]);
  });

  it('ends access while a season has no sessions, and a helper whose season goes on keeps the job', async () => {
    const { season, admin } = await seasonTonight('Winter 2028 Tryouts');
    const helper = await helperOf(admin, season.id, 'check-in');
    const setSessions = (sessions: unknown[]) => setSeasonSessions(admin.token, season.id, sessions);
    const door = async () =>
      (await call('getTonight', { token: helper.token, params: { seasonId: season.id } })).status;

    await setSessions([]);
    const withNone = await door();
    await setSessions([session(todayInClubZone(new Date(Date.now() + 24 * 60 * 60 * 1000)))]);
    const withTomorrow = await door();

    expect([withNone, withTomorrow]).toEqual([403, 200]);
  });

  it('lasts until a day after the season’s last session, whatever order its dates were given in', async () => {
    // Prepare: sessions on three dates in August 2030, the last (Aug 20, 6–8 pm Edmonton) given second.
    const { season, admin } = await seasonTonight('Spring 2029 Tryouts');
    const helper = await helperOf(admin, season.id, 'check-in');
    await setSeasonSessions(admin.token, season.id, [
      session('2030-08-14'),
      session('2030-08-20'),
      session('2030-08-12'),
    ]);
    const at = (iso: string) => helperGrantNow(helper.id, season.id, 'check-in', new Date(iso));

    // Act: between the sessions, a minute before the end (Aug 21, 8 pm MDT = Aug 22, 02:00 UTC), at it.
    const between = await at('2030-08-17T12:00:00Z');
    const lastMinute = await at('2030-08-22T01:59:00Z');
    const atTheEnd = await at('2030-08-22T02:00:00Z');

    // Assess
    expect(between?.role).toBe('check-in');
    expect(lastMinute?.role).toBe('check-in');
    expect(atTheEnd).toBeNull();
  });
});
