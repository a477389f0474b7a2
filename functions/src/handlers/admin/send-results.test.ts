import { tryoutId } from '@club/shared';
/**
 * Result mail in bulk through the API, the queue emulator, the worker (as the local stack runs it) and the
 * mail emulator, behind a proxy that can refuse chosen recipients as SES does. Mail is counted in the
 * emulator's store: what a family would find in their inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { call } from '../../../test/api';
import {
  allMail,
  adminCalls,
  BULK_TIMEOUT_MS,
  createAdmin,
  mailCounts,
  seedRegistrations,
  startWorker,
  type SeededRow,
} from '../../../test/admin';
import { openSeason } from '../../../test/players';
import { recordSesEvent } from '../../services/mail/mail-events';
import { claimResultMail } from '../../db/mail/result-mail';
import { startRefusingMail, type RefusingMail } from '../../../test/refusing-mail';
import type { ResultMailPoller } from '../../../../scripts/src/local/result-mail-poller';
import { ok } from '../../../test/builders';

let proxy: RefusingMail;
let worker: ResultMailPoller;
let token: string;
let api: ReturnType<typeof adminCalls>;

beforeAll(async () => {
  proxy = await startRefusingMail(inject('mailEndpoint'));
  // Before anything has sent mail in this file, so the mail clients are made with it.
  process.env.SES_ENDPOINT = proxy.url;
  worker = await startWorker();
  token = (await createAdmin()).token;
  api = adminCalls(token);
});

afterAll(async () => {
  await worker?.stop();
  await proxy?.stop();
});

const emails = (rows: SeededRow[]) => rows.map((r) => r.email);

describe('POST /admin/tryouts/{seasonId}/send-results with 500 registrants', () => {
  it(
    'mails everyone decided exactly once, nobody pending, and a second send right after mails nobody',
    { timeout: BULK_TIMEOUT_MS },
    async () => {
      // Prepare
      const season = await openSeason();
      const selected = await seedRegistrations(season.id, 250, { result: 'selected' });
      const notSelected = await seedRegistrations(season.id, 250, {
        result: 'not_selected',
        firstNumber: 251,
      });
      const pending = await seedRegistrations(season.id, 20, { firstNumber: 501 });

      // Act
      const first = await api.send(season.id);
      const done = await api.untilDone(season.id);
      const second = await api.send(season.id);
      await new Promise((r) => setTimeout(r, 500));

      // Assess
      expect(first.details.total).toBe(500);
      expect(first.details.sent + first.details.queued).toBe(500);
      expect(done).toEqual({ details: { total: 500, sent: 500, failed: 0, queued: 0 }, failedEmails: [] });
      expect(second).toEqual({ details: { total: 0, sent: 0, failed: 0, queued: 0 }, failedEmails: [] });
      const counts = await mailCounts(emails([...selected, ...notSelected, ...pending]));
      for (const row of [...selected, ...notSelected]) expect(counts.get(row.email), row.email).toBe(1);
      for (const row of pending) expect(counts.get(row.email), row.email).toBe(0);
      const rows = await api.rows(season.id);
      expect(
        rows.filter((r) => r.result !== '').every((r) => r.email_sent && r.email_status === 'sent'),
      ).toBe(true);
      expect(rows.filter((r) => r.result === '').every((r) => r.email_status === 'not_sent')).toBe(true);
    },
  );

  it(
    'mails nobody twice when three sends (two admins and a double click) arrive at once',
    { timeout: BULK_TIMEOUT_MS },
    async () => {
      const season = await openSeason();
      const rows = await seedRegistrations(season.id, 500, { result: 'selected' });

      const answers = await Promise.all([api.send(season.id), api.send(season.id), api.send(season.id)]);
      await api.untilDone(season.id);

      for (const answer of answers) expect(answer.details.total).toBe(500);
      const counts = await mailCounts(emails(rows));
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    },
  );
});

describe('a mail service that refuses some recipients', () => {
  it(
    'lists them in failedEmails as Not Sent, and the next send mails exactly them',
    { timeout: BULK_TIMEOUT_MS },
    async () => {
      // Prepare
      const season = await openSeason();
      const rows = await seedRegistrations(season.id, 100, { result: 'not_selected' });
      const refused = rows.filter((_, i) => i % 15 === 3);
      for (const row of refused) proxy.failures.set(row.email, 'refuse');

      // Act
      await api.send(season.id);
      const afterFirst = await api.untilDone(season.id);
      const tableAfterFirst = await api.rows(season.id);
      for (const row of refused) proxy.failures.delete(row.email);
      const retry = await api.send(season.id);
      const afterRetry = await api.untilDone(season.id);

      // Assess
      expect(refused).toHaveLength(7);
      expect(afterFirst.details).toEqual({ total: 100, sent: 93, failed: 7, queued: 0 });
      expect(afterFirst.failedEmails.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
        refused.map((r) => ({ name: r.name, email: r.email })).sort((a, b) => a.email.localeCompare(b.email)),
      );
      const refusedIds = new Set(refused.map((r) => r.id));
      for (const row of tableAfterFirst) {
        expect({ id: row.id, sent: row.email_sent, status: row.email_status }).toEqual({
          id: row.id,
          sent: !refusedIds.has(row.id),
          status: refusedIds.has(row.id) ? 'failed' : 'sent',
        });
      }
      expect(retry.details.total).toBe(7);
      expect(afterRetry).toEqual({ details: { total: 7, sent: 7, failed: 0, queued: 0 }, failedEmails: [] });
      const counts = await mailCounts(emails(rows));
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    },
  );
});

describe('an address that bounced or complained', () => {
  const bounce = (email: string) =>
    recordSesEvent({
      eventType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bouncedRecipients: [{ emailAddress: email.toUpperCase() }],
        timestamp: '2025-08-01T10:00:00.000Z',
      },
    });
  const complaint = (email: string) =>
    recordSesEvent({
      eventType: 'Complaint',
      complaint: {
        complainedRecipients: [{ emailAddress: ` ${email} ` }],
        timestamp: '2025-08-01T10:00:00.000Z',
      },
    });

  it('gets no result mail from a send, and is listed as failed while everyone else is mailed once', async () => {
    // Prepare
    const season = await openSeason();
    const rows = await seedRegistrations(season.id, 6, { result: 'selected' });
    const [bounced, complained] = rows;
    await bounce(bounced!.email);
    await complaint(complained!.email);

    // Act
    await api.send(season.id);
    const done = await api.untilDone(season.id);

    // Assess
    const counts = await mailCounts(emails(rows));
    expect(counts.get(bounced!.email)).toBe(0);
    expect(counts.get(complained!.email)).toBe(0);
    for (const row of rows.slice(2)) expect(counts.get(row.email), row.email).toBe(1);
    expect(done.details).toEqual({ total: 6, sent: 4, failed: 2, queued: 0 });
    expect(done.failedEmails.map((f) => f.email).sort()).toEqual([bounced!.email, complained!.email].sort());
  });

  it('gets no result mail from Resend Email either, and the admin is told why', async () => {
    // Prepare
    const season = await openSeason();
    const [bounced, complained] = await seedRegistrations(season.id, 2, { result: 'not_selected' });
    await bounce(bounced!.email);
    await complaint(complained!.email);

    // Act
    const answers = await Promise.all(
      [bounced!, complained!].map((row) => call('resendResult', { token, params: { id: row.id } })),
    );

    // Assess
    for (const answer of answers) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        message:
          'This address bounced or marked our mail as spam, so it is never mailed again. Please reach the family another way.',
      });
    }
    const counts = await mailCounts([bounced!.email, complained!.email]);
    expect([...counts.values()]).toEqual([0, 0]);
  });
});

describe('a result changed after its mail went out', () => {
  it('is Not Sent again, and the next send mails the corrected result once', async () => {
    const season = await openSeason();
    const [row] = await seedRegistrations(season.id, 1, { result: 'not_selected' });
    await api.send(season.id);
    await api.untilDone(season.id);

    const changed = await call('setSelection', {
      token,
      params: { id: row!.id },
      body: { result: 'selected' },
    });
    const again = await api.send(season.id);
    await api.untilDone(season.id);

    expect(changed.body).toMatchObject({ result: 'selected', email_sent: false, email_status: 'not_sent' });
    expect(again.details.total).toBe(1);
    const mails = (await allMail()).filter((m) => m.destination.to.some((to) => to.includes(row!.email)));
    expect(mails.map((m) => m.subject)).toEqual([
      'Your tryout result: Fall 2025 Tryouts',
      'You made the team: 15U Boys, Fall 2025 Tryouts',
    ]);
    expect((await api.rows(season.id))[0]).toMatchObject({ email_sent: true, email_status: 'sent' });
  });

  it('setting the result it already has keeps it Sent', async () => {
    const season = await openSeason();
    const [row] = await seedRegistrations(season.id, 1, { result: 'selected' });
    await api.send(season.id);
    await api.untilDone(season.id);

    const same = await call('setSelection', { token, params: { id: row!.id }, body: { result: 'selected' } });

    expect(same.body).toMatchObject({ result: 'selected', email_sent: true, email_status: 'sent' });
  });
});

describe('the result mails', () => {
  it('tell a selected player the next steps with the team link, and link only to the site otherwise', async () => {
    const season = await openSeason();
    await ok('setTeamLink', {
      token,
      params: { id: season.id },
      body: { age_group: '15U Boys', url: 'https://go.teamsnap.com/team/42' },
    });
    const [picked] = await seedRegistrations(season.id, 1, { result: 'selected' });
    const [other] = await seedRegistrations(season.id, 1, { result: 'not_selected', firstNumber: 2 });

    await api.send(season.id);
    await api.untilDone(season.id);

    const mail = async (address: string) =>
      (await allMail()).find((m) => m.destination.to.some((to) => to.includes(address)))!;
    const yes = await mail(picked!.email);
    const no = await mail(other!.email);
    expect(yes.from).toContain('no-reply@club.test');
    expect(yes.subject).toBe('You made the team: 15U Boys, Fall 2025 Tryouts');
    expect(yes.body.text).toContain('Hi Player0,');
    expect(yes.body.text).toContain(
      'Congratulations! You have been selected for the Summit Basketball 15U Boys team for Fall 2025 Tryouts.',
    );
    expect(`${yes.body.text}${no.body.text}`).not.toMatch(/the club/i);
    expect(yes.body.text).toContain('Join Your Team on TeamSnap: https://go.teamsnap.com/team/42');
    expect(yes.body.html).toContain('href="https://go.teamsnap.com/team/42"');
    expect(no.subject).toBe('Your tryout result: Fall 2025 Tryouts');
    expect(no.body.text).toContain('We were not able to offer you a spot on a team this season.');
    expect(no.body.text).not.toContain('teamsnap');
    const links = (m: typeof yes) =>
      `${m.body.text}\n${m.body.html}`
        .match(/https?:\/\/[^\s"'<>]+/g)!
        .filter((l) => !l.includes('teamsnap'));
    for (const link of [...links(yes), ...links(no)]) expect(link).toMatch(/^http:\/\/localhost:5173\//);
  });

  it('tell a selected player the coach will send the invitation when the group has no team link', async () => {
    const season = await openSeason();
    const [picked] = await seedRegistrations(season.id, 1, { result: 'selected', age_group: '17U Girls' });

    await api.send(season.id);
    await api.untilDone(season.id);

    const [mail] = (await allMail()).filter((m) => m.destination.to.some((to) => to.includes(picked!.email)));
    expect(mail?.body.text).toContain("your coach will send you the team's TeamSnap invitation shortly");
    expect(mail?.body.text).toContain('View my dashboard: http://localhost:5173/dashboard');
  });
});

describe('POST /admin/tryouts/{id}/resend-result', () => {
  it('mails that registrant once more, now, and answers the row as Sent', async () => {
    const season = await openSeason();
    const [row] = await seedRegistrations(season.id, 1, { result: 'selected' });
    await api.send(season.id);
    await api.untilDone(season.id);

    const res = await call('resendResult', { token, params: { id: row!.id } });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row!.id, email_sent: true, email_status: 'sent' });
    expect((await mailCounts([row!.email])).get(row!.email)).toBe(2);
  });

  it('refuses a pending result with the message, mailing nothing', async () => {
    const season = await openSeason();
    const [row] = await seedRegistrations(season.id, 1);

    const res = await call('resendResult', { token, params: { id: row!.id } });

    expect(res).toMatchObject({
      status: 400,
      body: { message: 'Choose Selected or Not Selected before sending a result email.' },
    });
    expect((await mailCounts([row!.email])).get(row!.email)).toBe(0);
  });

  it('answers 503 when the mail service refuses, and leaves the row failed for the next send', async () => {
    const season = await openSeason();
    const [row] = await seedRegistrations(season.id, 1, { result: 'not_selected' });
    proxy.failures.set(row!.email, 'refuse');

    const res = await call('resendResult', { token, params: { id: row!.id } });
    proxy.failures.delete(row!.email);
    const next = await api.send(season.id);
    await api.untilDone(season.id);

    expect(res).toMatchObject({
      status: 503,
      body: { message: 'We could not send the email right now. Please try again in a few minutes.' },
    });
    expect(next.details.total).toBe(1);
    expect((await mailCounts([row!.email])).get(row!.email)).toBe(1);
  });

  it('mails nothing while a sender holds the row (its mail on its way), and mails once its lease has run out', async () => {
    // Prepare: a worker claimed two rows as a round's sender would; one is still sending, the other's
    // sender died and its 120 s lease ended a moment ago
    const season = await openSeason();
    const [sending, abandoned] = await seedRegistrations(season.id, 2, { result: 'selected' });
    const now = Date.now();
    const hold = (row: SeededRow, leaseUntil: number) =>
      claimResultMail({
        seasonId: season.id,
        playerId: tryoutId.parse(row.id)!.playerId,
        version: 1,
        round: `${new Date(now).toISOString()}#worker00`,
        claim: `claim-${row.id}`,
        leaseUntil,
        now,
      });
    expect(await hold(sending!, Date.now() + 120_000)).not.toBeNull();
    expect(await hold(abandoned!, Date.now() - 1)).not.toBeNull();

    // Act
    const duringClaim = await call('resendResult', { token, params: { id: sending!.id } });
    const afterLease = await call('resendResult', { token, params: { id: abandoned!.id } });

    // Assess
    expect(duringClaim.status).toBe(409);
    expect(duringClaim.body).toEqual({
      message: 'This result email is being sent right now. Check its status in a moment.',
    });
    expect(afterLease.status).toBe(200);
    const counts = await mailCounts([sending!.email, abandoned!.email]);
    expect(counts.get(sending!.email)).toBe(0);
    expect(counts.get(abandoned!.email)).toBe(1);
  });

  it('answers 404 for an unknown registration', async () => {
    const season = await openSeason();

    const res = await call('resendResult', {
      token,
      params: { id: `${season.id}.8a0f7a26-3c56-4f7e-9f40-3f8b8f1d2c11` },
    });

    expect(res).toMatchObject({ status: 404, body: { message: 'Registration not found.' } });
  });
});

describe('GET /admin/tryouts/{seasonId}/send-results', () => {
  it('answers zeros before any send, and 404 for an unknown season', async () => {
    const season = await openSeason();

    const before = await api.progress(season.id);
    const unknown = await call('getSendProgress', {
      token,
      params: { seasonId: '8a0f7a26-3c56-4f7e-9f40-3f8b8f1d2c11' },
    });
    const unknownSend = await call('sendResults', {
      token,
      params: { seasonId: '8a0f7a26-3c56-4f7e-9f40-3f8b8f1d2c11' },
    });

    expect(before).toEqual({ details: { total: 0, sent: 0, failed: 0, queued: 0 }, failedEmails: [] });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Season not found.' } });
    expect(unknownSend).toMatchObject({ status: 404, body: { message: 'Season not found.' } });
  });
});
