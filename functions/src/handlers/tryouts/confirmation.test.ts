/**
 * Issue 15: a registration's confirmation mail (cash at once, a card once paid, exactly once), the signed
 * calendar link it carries, and the receipt of a paid registration.
 */
import { inflateSync } from 'node:zlib';
import ICAL from 'ical.js';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { fieldMessages } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { mailsTo, linkFromLatestMail, type ReceivedMail } from '../../../test/mailbox';
import { createPlayer, openSeason, registeredPlayer, type TestPlayer } from '../../../test/players';
import { startRefusingMail, type RefusingMail } from '../../../test/refusing-mail';
import { deliverEvent, payOnStandIn, sessionIdOf } from '../../../test/stripe';
import { aTryoutRegistration, ok } from '../../../test/builders';

const HARRY = { location: 'Harry Ainlay gym', address: '4350 111 St NW, Edmonton' };
const SESSIONS = [
  {
    kind: 'tryout',
    age_groups: ['15U Boys'],
    starts_at: '2026-08-18T18:00',
    ends_at: '2026-08-18T19:30',
    ...HARRY,
  },
  {
    kind: 'tryout',
    age_groups: ['17U Boys'],
    starts_at: '2026-08-18T20:00',
    ends_at: '2026-08-18T21:30',
    ...HARRY,
  },
];

let proxy: RefusingMail;
let admin: TestPlayer;
let seasonId: string;

beforeAll(async () => {
  proxy = await startRefusingMail(inject('mailEndpoint'));
  // Before anything has sent mail in this file, so the mail clients are made with it.
  process.env.SES_ENDPOINT = proxy.url;
  admin = await createAdmin();
});

afterAll(async () => {
  await proxy?.stop();
});

beforeEach(async () => {
  seasonId = (await openSeason()).id; // Fall 2025 Tryouts, $45.00
  const set = await call('updateSeason', {
    token: admin.token,
    params: { id: seasonId },
    body: { sessions: SESSIONS },
  });
  expect(set.status).toBe(200);
});

const textOf = (mail: ReceivedMail) => mail.body.text ?? '';

describe('the confirmation mail', () => {
  it('goes out at once for cash, with the number, the session, the check-in time, the cash to bring and a map', async () => {
    // Act
    const player = await registeredPlayer('cash');

    // Assess
    const mails = await mailsTo(player.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`You're registered: Fall 2025 Tryouts, 15U Boys, #${player.tryoutNumber}`);
    const text = textOf(mails[0]!);
    expect(text).toContain(`Your tryout number is ${player.tryoutNumber}, in 15U Boys.`);
    expect(text).toContain(
      'Tuesday, August 18, 2026 · 6:00 p.m. – 7:30 p.m.: Harry Ainlay gym, 4350 111 St NW, Edmonton',
    );
    expect(text).not.toContain('8:00 p.m.'); // 17U Boys' session
    expect(text).toContain(
      'Please check in 20 minutes before your session starts. Bring indoor court shoes, a water bottle and clothes to play in.',
    );
    expect(text).toContain('Please bring $45.00 in cash to your first session.');
    expect(text).toContain(
      'https://www.google.com/maps/search/?api=1&query=Harry%20Ainlay%20gym%2C%204350%20111%20St%20NW%2C%20Edmonton',
    );
    expect(mails[0]!.body.html).toContain('Add the tryouts to my calendar');
  });

  it('goes out once a card payment lands, exactly once when the return and the webhook race', async () => {
    // Prepare
    const player = await registeredPlayer('stripe');
    expect(await mailsTo(player.email)).toHaveLength(0);
    const sessionId = sessionIdOf(player.url!);
    const session = await payOnStandIn(sessionId);

    // Act: the family's return and Stripe's event, together, twice over.
    const answers = await Promise.all([
      call('confirmPayment', { token: player.token, query: { session_id: sessionId } }),
      deliverEvent('checkout.session.completed', session),
      call('confirmPayment', { token: player.token, query: { session_id: sessionId } }),
    ]);

    // Assess
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const mails = await mailsTo(player.email);
    expect(mails).toHaveLength(1);
    expect(textOf(mails[0]!)).toMatch(
      /You paid \$45\.00 by card on [A-Z][a-z]+ \d{1,2}, \d{4}\. Your receipt is on your dashboard\./,
    );
    expect(textOf(mails[0]!)).not.toContain('bring');
  });

  it('is sent at the next chance when the mail service refused it', async () => {
    // Prepare: the first send is refused.
    const player = await createPlayer();
    proxy.failures.set(player.email.toLowerCase(), 'throttle');
    const res = await call('registerTryout', {
      token: player.token,
      body: aTryoutRegistration({ payment_method: 'stripe', age_group: '15U Boys' }),
    });
    const sessionId = sessionIdOf(res.body.url as string);
    await payOnStandIn(sessionId);
    const first = await call('confirmPayment', { token: player.token, query: { session_id: sessionId } });
    expect(first.body).toEqual({ payment_status: 'paid' });
    expect(await mailsTo(player.email)).toHaveLength(0);

    // Act: the mail service takes mail again; the family's dashboard confirms once more.
    proxy.failures.delete(player.email.toLowerCase());
    await call('confirmPayment', { token: player.token, query: { session_id: sessionId } });
    await ok('confirmPayment', { token: player.token, query: { session_id: sessionId } });

    // Assess
    expect(await mailsTo(player.email)).toHaveLength(1);
  });

  it('links to a calendar file of the session; an altered link is refused with a clear message', async () => {
    // Prepare
    const player = await registeredPlayer('cash');
    const link = await linkFromLatestMail(player.email, /\/api\/tryouts\/calendar\.ics\?key=/);
    const key = new URL(link).searchParams.get('key')!;

    // Act
    const file = await call('getCalendarByLink', { query: { key } });
    const altered = await call('getCalendarByLink', { query: { key: `${key.slice(0, -2)}xy` } });

    // Assess
    expect(new URL(link).origin).toBe(new URL(process.env.SITE_URL!).origin);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = new ICAL.Component(ICAL.parse(file.text)).getAllSubcomponents('vevent');
    expect(events.map((e) => new ICAL.Event(e).startDate.toJSDate().toISOString())).toEqual([
      '2026-08-19T00:00:00.000Z',
    ]);
    expect(altered.status).toBe(404);
    expect(altered.body.message).toBe(
      'This calendar link is not valid any more. Sign in and add the tryouts to your calendar from your dashboard.',
    );
    expect(fieldMessages.calendarLinkInvalid).toBe(altered.body.message);
  });
});

describe('GET /tryouts/my/receipt', () => {
  it('answers a printable page for a card payment, with its refunds and what was paid net', async () => {
    // Prepare: paid by card, then $15.00 refunded.
    const player = await registeredPlayer('stripe', { first_name: 'Zoë <b>', last_name: 'Côté' });
    const sessionId = sessionIdOf(player.url!);
    await payOnStandIn(sessionId);
    await ok('confirmPayment', { token: player.token, query: { session_id: sessionId } });
    const refunded = await call('refundTryout', {
      token: admin.token,
      params: { id: `${seasonId}.${player.id}` },
      body: { amount_cents: 1500, reason: 'Missed a session', idempotency_key: crypto.randomUUID() },
    });
    expect(refunded.status).toBe(200);

    // Act
    const res = await call('getMyReceipt', { token: player.token });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const page = res.text;
    expect(page).toContain('Edmonton Summit Basketball Club');
    expect(page).toContain('<dd>Zoë &#60;b&#62; Côté</dd>'); // the name, escaped
    expect(page).not.toContain('<b>');
    expect(page).toContain('<dd>Fall 2025 Tryouts</dd>');
    expect(page).toContain('<dd>$45.00 CAD</dd>');
    // The card as Stripe reports it, and Stripe's payment id (issue 36).
    expect(page).toContain('<dd>Visa ending 4242</dd>');
    expect(page).toMatch(/<dt>Payment id<\/dt><dd>pi_\w+<\/dd>/);
    expect(page).toMatch(/<dt>Date paid<\/dt><dd>[A-Z][a-z]+ \d{1,2}, \d{4}<\/dd>/);
    expect(page).toContain(
      `<dd>SB-${seasonId.slice(0, 8).toUpperCase()}-${String(player.tryoutNumber).padStart(4, '0')}</dd>`,
    );
    expect(page).toContain('Missed a session');
    expect(page).toContain('Net paid: $30.00 CAD');
    expect(page).not.toContain('<script');
  });

  it('answers the same receipt as a PDF a reader opens, with the card and what was paid (issue 36)', async () => {
    // Prepare
    const player = await registeredPlayer('stripe', { first_name: 'Zoë', last_name: 'Côté' });
    const sessionId = sessionIdOf(player.url!);
    await payOnStandIn(sessionId);
    await ok('confirmPayment', { token: player.token, query: { session_id: sessionId } });

    // Act
    const res = await call('getMyReceipt', { token: player.token, query: { format: 'pdf' } });

    // Assess: a PDF (its bytes base64, as API Gateway sends binary), one page, titled by its number…
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('summit-tryout-receipt.pdf');
    const bytes = Buffer.from(res.text, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const number = `SB-${seasonId.slice(0, 8).toUpperCase()}-${String(player.tryoutNumber).padStart(4, '0')}`;
    expect(pdf.getTitle()).toBe(`Receipt ${number}: Edmonton Summit Basketball Club`);
    // …whose text (in its content stream, each string as the font's Windows-1252 bytes) says what was paid.
    const streams = [...bytes.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)].map((m) => {
      const raw = Buffer.from(m[1]!, 'latin1');
      try {
        return inflateSync(raw).toString('latin1');
      } catch {
        return raw.toString('latin1');
      }
    });
    const shown = (text: string) => `<${Buffer.from(text, 'latin1').toString('hex').toUpperCase()}>`;
    const content = streams.join('\n');
    for (const text of [
      'Zoë Côté',
      'Visa ending 4242',
      '$45.00 CAD',
      'Fall 2025 Tryouts',
      '#' + player.tryoutNumber,
    ]) {
      expect(content, text).toContain(shown(text));
    }
  });

  it('has no receipt while cash is still to bring, and one once the admin collected it', async () => {
    // Prepare
    const player = await registeredPlayer('cash');

    // Act
    const before = await call('getMyReceipt', { token: player.token });
    await ok('setCashCollected', {
      token: admin.token,
      params: { id: `${seasonId}.${player.id}` },
      body: { collected: true },
    });
    const after = await call('getMyReceipt', { token: player.token });

    // Assess
    expect(before.status).toBe(404);
    expect(before.body.message).toBe('There is no receipt yet: nothing has been paid for this registration.');
    expect(after.status).toBe(200);
    expect(after.text).toContain('<dd>Cash</dd>');
    expect(after.text).not.toContain('Refunds');
  });

  it('answers 404 to a player who has not registered', async () => {
    const player = await createPlayer();

    const res = await call('getMyReceipt', { token: player.token });

    expect(res.status).toBe(404);
    expect(res.body.message).toBe('You are not registered for the current season.');
  });
});
