import { describe, expect, it } from 'vitest';
import { serverMessages } from '@club/shared';
import { call } from '../../../test/api';
import { registration, sameOrigin, uniqueEmail } from '../../../test/accounts';
import { mailsTo } from '../../../test/mailbox';
import { tableSnapshot } from '../../../test/players';
import { getMailStatus } from '../../db/mail/mail-status';
import { sendMail } from '../../mail/ses-sender';
import { handler } from './ses-events';

type Kind = 'Bounce' | 'Complaint' | 'Delivery' | 'Send';
const DETAIL_TYPES: Record<Kind, string> = {
  Bounce: 'Email Bounced',
  Complaint: 'Email Complaint Received',
  Delivery: 'Email Delivered',
  Send: 'Email Sent',
};

/** An event as EventBridge delivers it from the configuration set (SES's own shape, trimmed). */
function sesEvent(kind: Kind, addresses: string[], at: string, extra: Record<string, unknown> = {}) {
  const mail = {
    timestamp: at,
    source: 'Club <no-reply@club.test>',
    messageId: '0100018e-test',
    destination: addresses,
    tags: { 'ses:configuration-set': ['club-test-set'], kind: ['verify-email'] },
  };
  const body = {
    Bounce: {
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: addresses.map((emailAddress) => ({ emailAddress, status: '5.1.1' })),
        timestamp: at,
        feedbackId: 'f-1',
      },
    },
    Complaint: {
      complaint: {
        complainedRecipients: addresses.map((emailAddress) => ({ emailAddress })),
        timestamp: at,
        complaintFeedbackType: 'abuse',
      },
    },
    Delivery: { delivery: { recipients: addresses, timestamp: at, smtpResponse: '250 ok' } },
    Send: { send: {} },
  }[kind];
  return {
    version: '0',
    id: 'a1b2c3',
    'detail-type': DETAIL_TYPES[kind],
    source: 'aws.ses',
    account: '111122223333',
    time: at,
    region: 'ca-central-1',
    resources: [],
    detail: { eventType: kind, mail, ...body, ...extra },
  };
}

const message = (to: string) => ({
  to,
  subject: 'Tryout results',
  text: 'Hi',
  html: '<p>Hi</p>',
  kind: 'test',
});

describe('SES events', () => {
  it('records a hard bounce, whatever the address’s case, and never mails that address again', async () => {
    const bounced = uniqueEmail('bounced');
    const other = uniqueEmail('fine');

    await handler(sesEvent('Bounce', [bounced.toUpperCase()], '2025-08-01T10:00:00.000Z'));

    expect(await sendMail(message(bounced))).toBe('suppressed');
    expect(await sendMail(message(other))).toBe('sent');
    expect(await mailsTo(bounced)).toEqual([]);
    expect(await mailsTo(other)).toHaveLength(1);
    expect(await getMailStatus(bounced)).toMatchObject({
      lastEvent: 'bounced',
      suppressed: 'bounced',
      suppressedAt: '2025-08-01T10:00:00.000Z',
    });
  });

  it('records a hard bounce of an address sign-up accepts, apostrophe and plus tag included, and never mails it again', async () => {
    // Prepare: an address the sign-up form takes
    const obrien = `o'brien+tryouts.${uniqueEmail('x').split('@')[0]}@example.test`;

    // Act
    await handler(sesEvent('Bounce', [obrien], '2025-08-01T10:00:00.000Z'));

    // Assess
    expect((await getMailStatus(obrien))?.suppressed).toBe('bounced');
    expect(await sendMail(message(obrien))).toBe('suppressed');
    expect(await mailsTo(obrien)).toEqual([]);
  });

  it('keys suppression on the address trimmed and lower-cased, so case or spacing makes no new mailbox', async () => {
    // Prepare
    const address = uniqueEmail('parent');
    await handler(sesEvent('Complaint', [` ${address.toUpperCase()} `], '2025-08-01T10:00:00.000Z'));

    // Act
    const outcomes = await Promise.all(
      [address, address.toUpperCase(), `  ${address}  `, address.replace('parent', 'Parent')].map((to) =>
        sendMail(message(to)),
      ),
    );

    // Assess
    expect(outcomes).toEqual(['suppressed', 'suppressed', 'suppressed', 'suppressed']);
    expect(await mailsTo(address)).toEqual([]);
  });

  it('never mails an address again once its owner marked a message as spam', async () => {
    const complainer = uniqueEmail('complainer');

    await handler(sesEvent('Complaint', [complainer], '2025-08-01T10:00:00.000Z'));

    expect(await sendMail(message(complainer))).toBe('suppressed');
    expect(await mailsTo(complainer)).toEqual([]);
    expect((await getMailStatus(complainer))?.suppressed).toBe('complained');
  });

  it('keeps mailing an address that bounced only for now (a full mailbox)', async () => {
    const full = uniqueEmail('full');
    const event = sesEvent('Bounce', [full], '2025-08-01T10:00:00.000Z');
    event.detail.bounce!.bounceType = 'Transient';

    await handler(event);

    expect(await getMailStatus(full)).toEqual({
      lastEvent: 'soft-bounced',
      lastEventAt: '2025-08-01T10:00:00.000Z',
    });
    expect(await sendMail(message(full))).toBe('sent');
    expect(await mailsTo(full)).toHaveLength(1);
  });

  it('records deliveries, and no delivery, early or late, lifts a suppression', async () => {
    const address = uniqueEmail('delivered');

    await handler(sesEvent('Delivery', [address], '2025-08-01T09:00:00.000Z'));
    expect(await getMailStatus(address)).toEqual({
      lastEvent: 'delivered',
      lastEventAt: '2025-08-01T09:00:00.000Z',
    });

    await handler(sesEvent('Bounce', [address], '2025-08-01T10:00:00.000Z'));
    // An older delivery reported after the bounce: the bounce stays the latest event.
    await handler(sesEvent('Delivery', [address], '2025-08-01T09:30:00.000Z'));
    expect(await getMailStatus(address)).toMatchObject({ lastEvent: 'bounced', suppressed: 'bounced' });

    // A newer delivery (sent before the suppression was recorded) is shown, and the address stays suppressed.
    await handler(sesEvent('Delivery', [address], '2025-08-01T11:00:00.000Z'));
    expect(await getMailStatus(address)).toMatchObject({ lastEvent: 'delivered', suppressed: 'bounced' });
    expect(await sendMail(message(address))).toBe('suppressed');
  });

  it('suppresses on a bounce reported after a newer delivery', async () => {
    const address = uniqueEmail('late-bounce');

    await handler(sesEvent('Delivery', [address], '2025-08-01T11:00:00.000Z'));
    await handler(sesEvent('Bounce', [address], '2025-08-01T10:00:00.000Z'));

    expect(await getMailStatus(address)).toMatchObject({ lastEvent: 'delivered', suppressed: 'bounced' });
    expect(await sendMail(message(address))).toBe('suppressed');
  });

  it('throws on a malformed bounce, so Lambda retries it and the dead-letter queue keeps it', async () => {
    const before = await tableSnapshot();
    const event = sesEvent('Bounce', [uniqueEmail('malformed')], '2025-08-01T10:00:00.000Z');
    event.detail.bounce!.bouncedRecipients = [];

    await expect(handler(event)).rejects.toThrow();
    expect(await tableSnapshot()).toBe(before);
  });

  it('ignores event types it does not record, writing nothing', async () => {
    const before = await tableSnapshot();

    await expect(
      handler(sesEvent('Send', [uniqueEmail('sent')], '2025-08-01T10:00:00.000Z')),
    ).resolves.toBeUndefined();

    expect(await tableSnapshot()).toBe(before);
  });

  it('sends a bounced address no verification or reset mail, and answers exactly as for anyone else', async () => {
    const input = registration();
    await handler(sesEvent('Bounce', [input.email], '2025-08-01T10:00:00.000Z'));

    const registered = await call('register', { body: input });
    const forgot = await call('forgotPassword', { body: { email: input.email }, headers: sameOrigin });

    expect([registered.status, registered.body.message]).toEqual([201, serverMessages.registered]);
    expect([forgot.status, forgot.body.message]).toEqual([200, serverMessages.resetLinkSent]);
    expect(await mailsTo(input.email)).toEqual([]);
  });
});
