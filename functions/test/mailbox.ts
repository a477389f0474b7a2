/** Reads what the SES emulator received, as a person would read their inbox. */
import { inject } from 'vitest';

export interface ReceivedMail {
  messageId: string;
  from: string;
  replyTo?: string[];
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const res = await fetch(`${inject('mailEndpoint')}/store`);
  const { emails } = (await res.json()) as { emails: ReceivedMail[] };
  return emails.filter((e) =>
    e.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())),
  );
}

/**
 * The first link matching the pattern in the newest message to the address that holds one. Newest with such a
 * link, not newest of all: a queued confirmation (issue 43) may arrive just after the mail the test reads.
 */
export async function linkFromLatestMail(address: string, pattern: RegExp): Promise<string> {
  const mails = await mailsTo(address);
  if (!mails.length) throw new Error(`No mail to ${address}`);
  for (const mail of [...mails].reverse()) {
    const text = `${mail.body.text ?? ''}\n${mail.body.html ?? ''}`;
    const link = text.match(/https?:\/\/[^\s"'<>]+/g)?.find((l) => pattern.test(l));
    if (link) return link.replace(/&amp;/g, '&');
  }
  throw new Error(`No link matching ${pattern} in a mail to ${address}`);
}

/**
 * The one-time token a mailed link carries in its fragment (/verify-email#…, /reset-password#…), without what
 * a page reads after it (/claim-account#<token>&child=…).
 */
export function tokenFromLink(link: string): string {
  return new URL(link).hash.slice(1).split('&')[0]!;
}
