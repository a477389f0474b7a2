/**
 * The configuration set's bounce, complaint and delivery events, from EventBridge (infra API stack's rule).
 * Not an HTTP route: EventBridge invokes it asynchronously, Lambda retries a failure, and an event that still
 * fails lands in the dead-letter queue, whose depth raises an alarm. A malformed event of a recorded type
 * throws (so it is kept there, not lost); an event type the product does not record is ignored.
 */
import * as v from 'valibot';
import { log } from '../../lib/log';
import {
  AnySesEventSchema,
  RECORDED_EVENT_TYPES,
  recordSesEvent,
  SesEventBridgeEventSchema,
} from '../../services/mail/mail-events';

export async function handler(input: unknown): Promise<void> {
  const peek = v.safeParse(AnySesEventSchema, input);
  const eventType = peek.success ? peek.output.detail.eventType : undefined;
  if (!(RECORDED_EVENT_TYPES as readonly unknown[]).includes(eventType)) {
    log.warn('ses event ignored', { eventType: typeof eventType === 'string' ? eventType : 'unknown' });
    return;
  }
  const event = v.parse(SesEventBridgeEventSchema, input);
  // Counts only: the addresses are personal data and stay out of the logs.
  log.info('ses event recorded', await recordSesEvent(event.detail));
}
