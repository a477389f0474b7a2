/**
 * Issue 37: the day before each session, every family registered in its groups gets one reminder (time,
 * gym, map, what to bring, cash due, the QR code) through the queue, however often the hourly job runs.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { todayInClubZone } from '@club/shared';
import { startWorker, waitFor } from '../../../test/admin';
import type { ResultMailPoller } from '../../../../scripts/src/local/result-mail-poller';
import { call } from '../../../test/api';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, registeredPlayer } from '../../../test/players';
import { sessionOn, seasonTonight } from '../../../test/tryout-night';
import { queueSessionReminders } from './session-reminders';
import { aTryoutRegistration } from '../../../test/builders';

let worker: ResultMailPoller | undefined;
afterAll(async () => worker?.stop());

const dayAfter = (now: Date, days: number) =>
  todayInClubZone(new Date(now.getTime() + days * 24 * 60 * 60 * 1000));

describe('the day-before reminder (issue 37)', () => {
  it('mails each family in the session’s groups once, with the cash due and the QR code, and no one else', async () => {
    // Prepare: a session tomorrow for 15U Boys; one player there paying cash, one withdrawn, one whose result
    // is already decided, one in 17U.
    const now = new Date();
    const { season, admin } = await seasonTonight('Fall 2026 Tryouts');
    const tomorrow = dayAfter(now, 1);
    const set = await call('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { sessions: [sessionOn(tomorrow, ['15U Boys'])] },
    });
    expect(set.status).toBe(200);
    const coming = await registeredPlayer('cash');
    const gone = await registeredPlayer('cash');
    expect((await call('withdrawMyTryout', { token: gone.token })).status).toBe(200);
    const decided = await registeredPlayer('cash');
    const result = await call('setSelection', {
      token: admin.token,
      params: { id: `${season.id}.${decided.id}` },
      body: { result: 'selected' },
    });
    expect(result.status).toBe(200);
    const older = await createPlayer({ date_of_birth: '2008-04-04' });
    const olderRegistered = await call('registerTryout', {
      token: older.token,
      body: aTryoutRegistration({ age_group: '17U Boys' }),
    });
    expect(olderRegistered.status, String(olderRegistered.body.message)).toBe(201);
    worker = await startWorker();

    // Act: the hourly job runs three times, twice at once.
    const runs = await Promise.all([queueSessionReminders(now), queueSessionReminders(now)]);
    const later = await queueSessionReminders(new Date(now.getTime() + 60 * 60 * 1000));

    // Assess
    expect([...runs, later].sort()).toEqual([0, 0, 1]);
    await waitFor(
      async () => (await mailsTo(coming.email)).filter((m) => m.subject.startsWith('Tomorrow:')),
      (mails) => mails.length === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const [reminder] = (await mailsTo(coming.email)).filter((m) => m.subject.startsWith('Tomorrow:'));
    expect(reminder!.subject).toMatch(
      /^Tomorrow: Fall 2026 Tryouts, \w+day, \w+ \d+, 20\d\d · 6:00 p\.m\. – 8:00 p\.m\.$/,
    );
    const text = reminder!.body.text!;
    expect(text).toContain('Harry Ainlay High School, 4350 111 St NW, Edmonton, AB');
    expect(text).toContain(`You: number ${coming.tryoutNumber}, 15U Boys.`);
    expect(text).toContain('Bring indoor court shoes, a water bottle and clothes to play in.');
    expect(text).toContain('Please bring $45.00 in cash: it is still due.');
    expect(text).toContain('https://www.google.com/maps/search/');
    expect(reminder!.body.html).toMatch(/<img src="[^"]+\/api\/checkin-codes\/SBC1\.[A-Za-z0-9_-]{64}"/);
    const remindersTo = async (email: string) =>
      (await mailsTo(email)).filter((m) => m.subject.startsWith('Tomorrow:')).length;
    expect([
      await remindersTo(gone.email),
      await remindersTo(decided.email),
      await remindersTo(older.email),
    ]).toEqual([0, 0, 0]);
  }, 120_000);

  it('leaves out a child whose result is decided after the reminder was queued', async () => {
    // Prepare: a session tomorrow; two families' reminders queued while no worker runs, then one result set.
    const now = new Date();
    const { season, admin } = await seasonTonight('Spring 2026 Tryouts');
    const set = await call('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { sessions: [sessionOn(dayAfter(now, 1), ['15U Boys'])] },
    });
    expect(set.status).toBe(200);
    const waiting = await registeredPlayer('cash');
    const decidedLate = await registeredPlayer('cash');
    await worker?.stop();
    worker = undefined;
    expect(await queueSessionReminders(now)).toBe(2);
    const result = await call('setSelection', {
      token: admin.token,
      params: { id: `${season.id}.${decidedLate.id}` },
      body: { result: 'not_selected' },
    });
    expect(result.status).toBe(200);

    // Act
    worker = await startWorker();

    // Assess
    const remindersTo = async (email: string) =>
      (await mailsTo(email)).filter((m) => m.subject.startsWith('Tomorrow:')).length;
    await waitFor(
      () => remindersTo(waiting.email),
      (count) => count === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await remindersTo(decidedLate.email)).toBe(0);
  }, 120_000);

  it('queues nothing for a session two days away or today', async () => {
    const now = new Date();
    const { season, admin } = await seasonTonight('Winter 2026 Tryouts');
    const set = await call('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { sessions: [sessionOn(dayAfter(now, 2)), sessionOn(dayAfter(now, 0))] },
    });
    expect(set.status).toBe(200);
    await registeredPlayer('cash');

    expect(await queueSessionReminders(now)).toBe(0);
  });
});
