/**
 * Sends mail through SES v2. The client is created once per container (STYLE #6); on the local stack and in
 * tests it talks to the SES emulator with dummy credentials, like db/client.ts does with DynamoDB Local.
 * An address that hard-bounced or complained (db/mail-status.ts, from SES's events) is never mailed again.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { getMailStatus } from '../db/mail-status';
import { getConfig } from '../lib/config';
import { ServiceUnavailableError } from '../lib/errors';
import { log } from '../lib/log';
import { serverMessages } from '@club/shared';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short name for logs and SES tags (never the address). */
  kind: string;
}

let client: SESv2Client | undefined;

function ses(): SESv2Client {
  if (!client) {
    const cfg = getConfig();
    client = new SESv2Client({
      region: cfg.AWS_REGION,
      ...(cfg.SES_ENDPOINT
        ? { endpoint: cfg.SES_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
  }
  return client;
}

/**
 * Sends one message, unless its address is suppressed ('suppressed': nothing was sent, and the caller answers
 * as it would have, so no one learns of another person's bounce). A failure of SES becomes a 503 the caller
 * may retry.
 */
export async function sendMail(message: MailMessage): Promise<'sent' | 'suppressed'> {
  const cfg = getConfig();
  const status = await getMailStatus(message.to);
  if (status?.suppressed) {
    log.info('mail suppressed', { kind: message.kind, reason: status.suppressed });
    return 'suppressed';
  }
  try {
    await ses().send(
      new SendEmailCommand({
        FromEmailAddress: cfg.MAIL_FROM,
        Destination: { ToAddresses: [message.to] },
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
      }),
    );
  } catch (error) {
    log.error('mail send failed', {
      kind: message.kind,
      error: error instanceof Error ? error.name : 'unknown',
    });
    throw new ServiceUnavailableError(serverMessages.mailUnavailable);
  }
  return 'sent';
}
