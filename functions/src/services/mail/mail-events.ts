/**
 * SES's reports on sent mail. A hard bounce or a complaint suppresses the address for good (the sender never
 * mails it again, and SES's reputation, which decides whether the club may send at all, is spared); a
 * delivery or a soft bounce is only recorded, for the admin table's mail status.
 */
import { normaliseEmail } from '@club/shared';
import { recordMailEvent, type MailStatus } from '../../db/mail/mail-status';
import type { SesEvent } from '../../mail/ses-events';

/** The events' schemas, for the handler that parses what EventBridge delivers. */
export { AnySesEventSchema, RECORDED_EVENT_TYPES, SesEventBridgeEventSchema } from '../../mail/ses-events';

/** Records one SES event for each of its recipients; returns what was recorded and for how many. */
export async function recordSesEvent(
  event: SesEvent,
): Promise<{ status: MailStatus['lastEvent']; recipients: number }> {
  const { status, addresses, at } = (() => {
    switch (event.eventType) {
      case 'Bounce':
        return {
          // Only a permanent bounce says the address is bad; a full mailbox may take mail tomorrow.
          status: event.bounce.bounceType === 'Permanent' ? ('bounced' as const) : ('soft-bounced' as const),
          addresses: event.bounce.bouncedRecipients.map((r) => r.emailAddress),
          at: event.bounce.timestamp,
        };
      case 'Complaint':
        return {
          status: 'complained' as const,
          addresses: event.complaint.complainedRecipients.map((r) => r.emailAddress),
          at: event.complaint.timestamp,
        };
      case 'Delivery':
        return {
          status: 'delivered' as const,
          addresses: event.delivery.recipients,
          at: event.delivery.timestamp,
        };
    }
  })();
  for (const address of new Set(addresses.map(normaliseEmail))) {
    await recordMailEvent(address, status, new Date(at));
  }
  return { status, recipients: addresses.length };
}
