/**
 * "E-mail me when it opens" (issue 18): a signed-in one-click list, mailed once per person when the admin
 * opens registration, through the result-mail queue. Every test here shares the file's table and queue, so
 * each counts only its own addresses' mail.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { createAdmin, mailCounts, startWorker, waitFor } from '../../../test/admin';
import { mailsTo } from '../../../test/mailbox';
import { createPlayer, openSeason, tableSnapshot } from '../../../test/players';
import { enqueueResultMails } from '../../queue/result-mail-queue';
import type { ResultMailPoller } from '../../../../scripts/src/local/result-mail-poller';
import { ok } from '../../../test/builders';

let worker: ResultMailPoller | undefined;
afterAll(async () => worker?.stop());

const open = (token: string, seasonId: string, isOpen: boolean) =>
  call('setRegistrationStatus', { token, params: { id: seasonId }, body: { open: isOpen } });

describe('the "E-mail me when it opens" list', () => {
  it('takes a signed-in family on and off the list while registration is closed, and refuses while it is open', async () => {
    // Prepare
    const admin = await createAdmin();
    const season = await openSeason({ name: 'Winter 2026 Tryouts', is_registration_open: false });
    const family = await createPlayer();

    // Act and assess: off the list at first, on it after one click (twice is still once), off after leaving
    expect((await call('getOpeningNotice', { token: family.token })).body).toEqual({ subscribed: false });
    expect((await call('requestOpeningNotice', { token: family.token })).body).toEqual({ subscribed: true });
    expect((await call('requestOpeningNotice', { token: family.token })).status).toBe(200);
    expect((await call('getOpeningNotice', { token: family.token })).body).toEqual({ subscribed: true });
    expect((await call('cancelOpeningNotice', { token: family.token })).body).toEqual({ subscribed: false });
    expect((await call('getOpeningNotice', { token: family.token })).body).toEqual({ subscribed: false });

    // While it is open there is nothing to wait for: refused, and nothing is written
    await open(admin.token, season.id, true);
    const before = await tableSnapshot();
    const refused = await call('requestOpeningNotice', { token: family.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Registration is open now: register on the tryout page.');
    expect(await tableSnapshot()).toBe(before);
    await open(admin.token, season.id, false);
  });

  it('mails every account on the list once when the admin opens registration, and never again', async () => {
    // Prepare: three families ask (one twice), one asks and changes their mind, one never asks
    const admin = await createAdmin();
    const season = await openSeason({ name: 'Spring 2027 Tryouts', is_registration_open: false });
    const [a, b, c, leaver, bystander] = await Promise.all([1, 2, 3, 4, 5].map(() => createPlayer()));
    for (const family of [a!, b!, c!, a!, leaver!]) {
      expect((await call('requestOpeningNotice', { token: family.token })).status).toBe(200);
    }
    await ok('cancelOpeningNotice', { token: leaver!.token });
    const addresses = [a!, b!, c!, leaver!, bystander!].map((f) => f.email);
    worker = await startWorker();

    // Act: a double click on Open, then closed and opened again, and a duplicate message on the queue
    await Promise.all([open(admin.token, season.id, true), open(admin.token, season.id, true)]);
    await waitFor(
      () => mailCounts(addresses),
      (counts) => [a!, b!, c!].every((f) => counts.get(f.email.toLowerCase()) === 1),
    );
    await open(admin.token, season.id, false);
    await open(admin.token, season.id, true);
    await enqueueResultMails([{ kind: 'opening-notice', user_id: a!.id, season_id: season.id }]);
    // The worker is idle once the duplicates are read: give it time to (wrongly) send them
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    // Assess: once each for those who asked, none for the others
    const counts = await mailCounts(addresses);
    expect(Object.fromEntries(counts)).toEqual({
      [a!.email.toLowerCase()]: 1,
      [b!.email.toLowerCase()]: 1,
      [c!.email.toLowerCase()]: 1,
      [leaver!.email.toLowerCase()]: 0,
      [bystander!.email.toLowerCase()]: 0,
    });
    const [mail] = await mailsTo(b!.email);
    expect(mail!.subject).toBe('Tryout registration is open: Spring 2027 Tryouts');
    expect(mail!.body.text).toContain('Registration for Spring 2027 Tryouts at Summit Basketball is open.');
    expect(mail!.body.text).toContain('The tryout fee is $45.00.');
    expect(mail!.body.text).toMatch(/Register for tryouts: http[^\s]*\/tryout\n/);
    // Mailed: off the list, and asking again puts them back for the next opening
    expect((await call('getOpeningNotice', { token: b!.token })).body).toEqual({ subscribed: false });
  }, 120_000);
});

describe('the day registration opens', () => {
  it('is set with the season, answered to everyone, and cleared with an empty value; anything else is refused', async () => {
    // Prepare
    const admin = await createAdmin();
    const season = await openSeason({ name: 'Summer 2027 Tryouts', is_registration_open: false });
    const patch = (value: unknown) =>
      call('updateSeason', {
        token: admin.token,
        params: { id: season.id },
        body: { registration_opens_on: value },
      });

    // Act and assess
    expect((await call('getActiveSeason')).body.registration_opens_on).toBeNull();
    expect((await patch('2027-01-05')).status).toBe(200);
    expect((await call('getActiveSeason')).body.registration_opens_on).toBe('2027-01-05');

    for (const bad of ['2027-02-30', 'soon', '05/01/2027', 20270105]) {
      const before = await tableSnapshot();
      const refused = await patch(bad);
      expect(refused.status, String(bad)).toBe(400);
      expect(refused.body.message).toBe('Enter the day registration opens, or leave it empty.');
      expect(await tableSnapshot()).toBe(before);
    }

    expect((await patch('')).status).toBe(200);
    expect((await call('getActiveSeason')).body.registration_opens_on).toBeNull();
  });
});
