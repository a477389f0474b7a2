/**
 * Issue 43: the local SES emulator paces sending at the account's rate (14 messages a second unless set)
 * and answers past it as SES v2 does, so the SDK throws its own TooManyRequestsException.
 */
import { SendEmailCommand, SESv2Client, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';
import { startMail, type RunningService } from './services';
import { startSendingRateFront, type SendingRateFront } from './sending-rate';

let emulator: RunningService;
let front: SendingRateFront | undefined;
/** The front's clock: still, so "within one second" means exactly that on a busy machine. */
let clock = 1_000_000;

beforeAll(async () => {
  // The emulator with a rate far above the fronts' under test.
  emulator = await startMail({ port: await freePort(), sendRate: 10_000 });
});
afterAll(async () => {
  await emulator?.stop();
});
afterEach(async () => {
  await front?.stop();
  front = undefined;
});

function sesAt(url: string): SESv2Client {
  return new SESv2Client({
    endpoint: url,
    region: 'ca-central-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

const send = (ses: SESv2Client, i: number) =>
  ses.send(
    new SendEmailCommand({
      FromEmailAddress: 'no-reply@club.test',
      Destination: { ToAddresses: [`family${i}@example.test`] },
      Content: { Simple: { Subject: { Data: `Mail ${i}` }, Body: { Text: { Data: 'Hello' } } } },
    }),
  );

async function sendInOrder(ses: SESv2Client, count: number): Promise<Array<'sent' | unknown>> {
  const outcomes: Array<'sent' | unknown> = [];
  for (let i = 0; i < count; i++)
    outcomes.push(
      await send(ses, i).then(
        () => 'sent' as const,
        (e: unknown) => e,
      ),
    );
  return outcomes;
}

describe('the SES emulator sending rate', () => {
  it('accepts 14 sends in a second by default and refuses the 15th with TooManyRequestsException', async () => {
    // Prepare
    front = await startSendingRateFront({ port: await freePort(), target: emulator.url, now: () => clock });
    const ses = sesAt(front.url);

    // Act
    const outcomes = await sendInOrder(ses, 15);

    // Assess
    expect(outcomes.slice(0, 14)).toEqual(Array(14).fill('sent'));
    const refused = outcomes[14];
    expect(refused).toBeInstanceOf(TooManyRequestsException);
    expect((refused as TooManyRequestsException).message).toBe('Maximum sending rate exceeded.');
    expect((refused as TooManyRequestsException).$metadata.httpStatusCode).toBe(429);
    expect(front.refused()).toBe(1);
    ses.destroy();
  });

  it('accepts again once the second has passed', async () => {
    // Prepare
    front = await startSendingRateFront({ port: await freePort(), target: emulator.url, now: () => clock });
    const ses = sesAt(front.url);
    expect(await sendInOrder(ses, 14)).toEqual(Array(14).fill('sent'));
    await expect(send(ses, 99)).rejects.toBeInstanceOf(TooManyRequestsException);

    // Act
    clock += 1_000;
    const next = await sendInOrder(ses, 15);

    // Assess
    expect(next.slice(0, 14)).toEqual(Array(14).fill('sent'));
    expect(next[14]).toBeInstanceOf(TooManyRequestsException);
    ses.destroy();
  });

  it('paces at the rate it is given: 3 a second accepts 3 and refuses the 4th', async () => {
    // Prepare
    front = await startSendingRateFront({
      port: await freePort(),
      target: emulator.url,
      ratePerSecond: 3,
      now: () => clock,
    });
    const ses = sesAt(front.url);

    // Act
    const outcomes = await sendInOrder(ses, 4);

    // Assess
    expect(outcomes.slice(0, 3)).toEqual(['sent', 'sent', 'sent']);
    expect(outcomes[3]).toBeInstanceOf(TooManyRequestsException);
    ses.destroy();
  });

  it('passes what is not a send through: the emulator store holds the accepted mails only', async () => {
    // Prepare
    front = await startSendingRateFront({
      port: await freePort(),
      target: emulator.url,
      ratePerSecond: 1,
      now: () => clock,
    });
    const ses = sesAt(front.url);
    const subject = `Store check ${clock}`;
    const sendSubject = () =>
      ses.send(
        new SendEmailCommand({
          FromEmailAddress: 'no-reply@club.test',
          Destination: { ToAddresses: ['store@example.test'] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: 'Hello' } } } },
        }),
      );

    // Act
    await sendSubject();
    await expect(sendSubject()).rejects.toBeInstanceOf(TooManyRequestsException);
    const store = (await (await fetch(`${front.url}/store`)).json()) as {
      emails: Array<{ subject: string }>;
    };

    // Assess
    expect(store.emails.filter((m) => m.subject === subject)).toHaveLength(1);
    ses.destroy();
  });
});
