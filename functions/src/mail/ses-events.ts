/**
 * The SES events the configuration set publishes to EventBridge (infra mail stack), as valibot schemas
 * (STYLE #4): only the fields the product reads; anything else SES adds is ignored.
 * https://docs.aws.amazon.com/ses/latest/dg/event-publishing-retrieving-sns-contents.html
 */
import * as v from 'valibot';
import { EmailAddressSchema } from '@club/shared';

const Timestamp = v.pipe(v.string(), v.isoTimestamp());
/** The product's one address rule (shared), so every address it mails can be recorded. */
const Address = EmailAddressSchema;
const Recipients = v.pipe(v.array(v.looseObject({ emailAddress: Address })), v.minLength(1));

const BounceSchema = v.looseObject({
  eventType: v.literal('Bounce'),
  bounce: v.looseObject({
    /** Permanent = a hard bounce (no such mailbox); Transient = for now (mailbox full); Undetermined. */
    bounceType: v.picklist(['Permanent', 'Transient', 'Undetermined']),
    bouncedRecipients: Recipients,
    timestamp: Timestamp,
  }),
});

const ComplaintSchema = v.looseObject({
  eventType: v.literal('Complaint'),
  complaint: v.looseObject({ complainedRecipients: Recipients, timestamp: Timestamp }),
});

const DeliverySchema = v.looseObject({
  eventType: v.literal('Delivery'),
  delivery: v.looseObject({
    recipients: v.pipe(v.array(Address), v.minLength(1)),
    timestamp: Timestamp,
  }),
});

/** The events the product records; the EventBridge rule sends no others. */
export const RECORDED_EVENT_TYPES = ['Bounce', 'Complaint', 'Delivery'] as const;

/** An EventBridge event from SES ("Email Bounced", "Email Complaint Received", "Email Delivered"). */
export const SesEventBridgeEventSchema = v.looseObject({
  source: v.literal('aws.ses'),
  detail: v.variant('eventType', [BounceSchema, ComplaintSchema, DeliverySchema]),
});

export type SesEvent = v.InferOutput<typeof SesEventBridgeEventSchema>['detail'];

/** Just enough to tell which event it is, for events the product does not record. */
export const AnySesEventSchema = v.looseObject({ detail: v.looseObject({ eventType: v.string() }) });
