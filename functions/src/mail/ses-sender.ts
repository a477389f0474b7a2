/**
 * Sends mail through SES v2. The client is created once per container, so warm invocations reuse it; on the
 * local stack and in tests it talks to the SES emulator with dummy credentials, like db/platform/client.ts does with
 * DynamoDB Local. An address that hard-bounced or complained (db/mail/mail-status.ts, from SES's events) is never
 * mailed again.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { getMailStatus } from '../db/mail/mail-status';
import { getConfig } from '../lib/config';
import { ServiceUnavailableError } from '../lib/errors';
import { log } from '../lib/log';
import { serverMessages } from '@club/shared';

export interface MailMessage {
  /** One address, or several who get the one message together (a household's guardians). */
  to: string | readonly string[];
  subject: string;
  text: string;
  html: string;
  /** A short name for logs and SES tags (never the address). */
  kind: string;
}

/**
 * How long one result mail's SES call may take. The sender holds a claim on the row meanwhile, and its
 * lease and time budget are counted from this (services/mail/result-mail.ts).
 */
export const ONCE_SEND_TIMEOUT_MS = 10_000;

let client: SESv2Client | undefined;
let onceClient: SESv2Client | undefined;

function newClient(extra: ConstructorParameters<typeof SESv2Client>[0] = {}): SESv2Client {
  const cfg = getConfig();
  return new SESv2Client({
    region: cfg.AWS_REGION,
    ...(cfg.SES_ENDPOINT
      ? { endpoint: cfg.SES_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
    ...extra,
  });
}

function ses(): SESv2Client {
  client ??= newClient();
  return client;
}

/**
 * The client for mail that must go out at most once: no retries of its own (the SDK would resend a message
 * whose answer was merely slow), a bounded wait, and a new connection per message, so a pooled connection
 * the server has just closed can never turn a send into an unknown outcome. The caller alone decides what
 * happens next.
 */
function sesOnce(): SESv2Client {
  onceClient ??= newClient({
    maxAttempts: 1,
    requestHandler: {
      requestTimeout: ONCE_SEND_TIMEOUT_MS,
      connectionTimeout: 2_000,
      httpAgent: new HttpAgent({ keepAlive: false }),
      httpsAgent: new HttpsAgent({ keepAlive: false }),
    },
  });
  return onceClient;
}

function addressesOf(message: MailMessage): string[] {
  return typeof message.to === 'string' ? [message.to] : [...message.to];
}

/**
 * The message without its suppressed addresses (hard bounce, complaint), or null when every address is
 * suppressed, with the reason of the first.
 */
async function withoutSuppressed(
  message: MailMessage,
): Promise<{ message: MailMessage } | { suppressed: string }> {
  const addresses = addressesOf(message);
  const statuses = await Promise.all(addresses.map((address) => getMailStatus(address)));
  const open = addresses.filter((_, i) => !statuses[i]?.suppressed);
  if (open.length) return { message: { ...message, to: open } };
  return { suppressed: statuses.find((s) => s?.suppressed)?.suppressed ?? 'suppressed' };
}

function sendEmailCommand(message: MailMessage): SendEmailCommand {
  const cfg = getConfig();
  return new SendEmailCommand({
    FromEmailAddress: cfg.MAIL_FROM,
    ...(cfg.MAIL_REPLY_TO ? { ReplyToAddresses: [cfg.MAIL_REPLY_TO] } : {}),
    Destination: { ToAddresses: addressesOf(message) },
    Content: {
      Simple: {
        Subject: { Data: message.subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: message.text, Charset: 'UTF-8' },
          Html: { Data: message.html, Charset: 'UTF-8' },
        },
      },
    },
    EmailTags: [{ Name: 'kind', Value: message.kind }],
    ...(cfg.SES_CONFIGURATION_SET ? { ConfigurationSetName: cfg.SES_CONFIGURATION_SET } : {}),
  });
}

/**
 * Sends one message, unless its address is suppressed ('suppressed': nothing was sent, and the caller answers
 * as it would have, so no one learns of another person's bounce). A failure of SES becomes a 503 the caller
 * may retry.
 */
export async function sendMail(message: MailMessage): Promise<'sent' | 'suppressed'> {
  const open = await withoutSuppressed(message);
  if ('suppressed' in open) {
    log.info('mail suppressed', { kind: message.kind, reason: open.suppressed });
    return 'suppressed';
  }
  try {
    await ses().send(sendEmailCommand(open.message));
  } catch (error) {
    log.error('mail send failed', {
      kind: message.kind,
      error: error instanceof Error ? error.name : 'unknown',
    });
    throw new ServiceUnavailableError(serverMessages.mailUnavailable);
  }
  return 'sent';
}

/**
 * What became of one attempt to send, as far as can be known:
 * - sent: SES accepted the message;
 * - refused: SES answered that it will not send it (e.g. MessageRejected): nothing went out;
 * - retry: nothing went out, and a later attempt may work (throttled, or SES could not be reached);
 * - unknown: the message may or may not have gone out (timeout, connection lost, SES's own error).
 */
export type Delivery = { outcome: 'sent' } | { outcome: 'refused' | 'retry' | 'unknown'; reason: string };

const THROTTLED = new Set(['TooManyRequestsException', 'LimitExceededException', 'ThrottlingException']);
/** Connection errors raised before a request reached SES. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Sends one message at most once (no retry, short timeout) and says what became of it (see Delivery): SES
 * has no idempotency key, so an answer that never came leaves it unknown, and an admin's resend, not this
 * function, decides whether to try again. A suppressed address (hard bounce, complaint) is refused without a
 * send, like SES refusing it.
 */
export async function sendMailOnce(message: MailMessage): Promise<Delivery> {
  const open = await withoutSuppressed(message);
  if ('suppressed' in open) {
    log.info('mail suppressed', { kind: message.kind, reason: open.suppressed });
    return { outcome: 'refused', reason: `suppressed: ${open.suppressed}` };
  }
  try {
    await sesOnce().send(sendEmailCommand(open.message));
    return { outcome: 'sent' };
  } catch (error) {
    const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
    const reason = (e.name && e.name !== 'Error' ? e.name : e.code) ?? 'unknown';
    const status = e.$metadata?.httpStatusCode ?? 0;
    if (THROTTLED.has(e.name ?? '') || NOT_CONNECTED.has(e.code ?? '')) return { outcome: 'retry', reason };
    if (status >= 400 && status < 500) return { outcome: 'refused', reason };
    return { outcome: 'unknown', reason };
  }
}
