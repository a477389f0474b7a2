/**
 * The family-mail queue: a registration's confirmation (for a card, its receipt) is put on it by the call
 * that completed the registration, after that call's writes, and the family-mail worker sends it at the
 * account's rate. A message names the registrations (ids only, no personal data); the worker reads them as
 * they are when it sends.
 */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as v from 'valibot';
import { AGE_GROUPS } from '@club/shared';
import { getConfig } from '../lib/config';
import { log } from '../lib/log';

const Id = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/i));

/** The most registrations one confirmation names (a household holds a dozen at most). */
export const CONFIRMATION_MAX_ROWS = 20;

/** How many times a confirmation looks again for registrations still waiting for their number. */
export const CONFIRMATION_MAX_WAITS = 60;

/** One confirmation mail: the registrations completed together, of one season. */
export const ConfirmationMessageSchema = v.object({
  kind: v.literal('confirmation'),
  season_id: Id,
  player_ids: v.pipe(v.array(Id), v.minLength(1), v.maxLength(CONFIRMATION_MAX_ROWS)),
  /** Times it came back because one of them was still waiting for its tryout number (issue 43). */
  waited: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(CONFIRMATION_MAX_WAITS))),
});
export type ConfirmationMessage = v.InferOutput<typeof ConfirmationMessageSchema>;

/** A team fee paid (issue 45 §4): its confirmation, once, to the family (the offer by its season and player). */
export const TeamFeePaidMessageSchema = v.object({
  kind: v.literal('team_fee_paid'),
  season_id: Id,
  player_id: Id,
});
export type TeamFeePaidMessage = v.InferOutput<typeof TeamFeePaidMessageSchema>;

/**
 * An Interac e-Transfer recorded received (issue 46 §2: by hand, an import's line, or a line applied): the
 * family's mail, once per payment (claimed on the registration).
 */
export const EtransferReceivedMessageSchema = v.object({
  kind: v.literal('etransfer_received'),
  season_id: Id,
  player_id: Id,
});
export type EtransferReceivedMessage = v.InferOutput<typeof EtransferReceivedMessageSchema>;

/**
 * A team fee instalment the card was declined for (issue 46): the family is told once per attempt (claimed on
 * the instalment by its attempt), with the link to pay it.
 */
export const InstalmentDeclinedMessageSchema = v.object({
  kind: v.literal('instalment_declined'),
  season_id: Id,
  player_id: Id,
  n: v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(4)),
  attempt: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type InstalmentDeclinedMessage = v.InferOutput<typeof InstalmentDeclinedMessageSchema>;

/**
 * A team fee instalment paid (issue 46): the family is told once per instalment (claimed on the instalment,
 * or for the first on the offer), whoever recorded it first.
 */
export const InstalmentPaidMessageSchema = v.object({
  kind: v.literal('instalment_paid'),
  season_id: Id,
  player_id: Id,
  n: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
});
export type InstalmentPaidMessage = v.InferOutput<typeof InstalmentPaidMessageSchema>;

/**
 * The waitlist's mails (issue 45 §1): a spot held for a waitlisted family (its entry and the hold's round,
 * claimed on the entry), or a hold that lapsed (the entry is gone: its account and group, claimed once as a
 * family notice).
 */
export const SpotMailMessageSchema = v.variant('kind', [
  v.object({
    kind: v.literal('spot_offer'),
    season_id: Id,
    player_id: Id,
    round: v.pipe(v.number(), v.integer(), v.minValue(1)),
  }),
  v.object({
    kind: v.literal('spot_lapsed'),
    season_id: Id,
    player_id: Id,
    user_id: Id,
    age_group: v.picklist(AGE_GROUPS),
    held_until: v.pipe(v.string(), v.isoTimestamp()),
  }),
]);
export type SpotMailMessage = v.InferOutput<typeof SpotMailMessageSchema>;

/** Every message the family-mail worker takes, told apart by `kind`. */
export const FamilyMailMessageSchema = v.variant('kind', [
  ConfirmationMessageSchema,
  TeamFeePaidMessageSchema,
  InstalmentDeclinedMessageSchema,
  InstalmentPaidMessageSchema,
  EtransferReceivedMessageSchema,
  ...SpotMailMessageSchema.options,
]);
export type FamilyMailMessage = v.InferOutput<typeof FamilyMailMessageSchema>;

let client: SQSClient | undefined;

function sqs(): SQSClient {
  if (!client) {
    const cfg = getConfig();
    client = new SQSClient({
      region: cfg.AWS_REGION,
      ...(cfg.SQS_ENDPOINT
        ? { endpoint: cfg.SQS_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
  }
  return client;
}

/**
 * Puts one message on the queue, three tries. False when it could not: the caller's rows then stay
 * unclaimed, and the next chance to mail them puts them on the queue again (services/mail/confirmation-mail.ts).
 */
export async function enqueueFamilyMail(
  message: FamilyMailMessage,
  /** Held back this long first (SQS's DelaySeconds, at most 900). */
  delaySeconds = 0,
): Promise<boolean> {
  const url = getConfig().FAMILY_MAIL_QUEUE_URL;
  if (!url) {
    log.error('family mail not queued: FAMILY_MAIL_QUEUE_URL is not configured');
    return false;
  }
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      await sqs().send(
        new SendMessageCommand({
          QueueUrl: url,
          MessageBody: JSON.stringify(message),
          ...(delaySeconds ? { DelaySeconds: delaySeconds } : {}),
        }),
      );
      return true;
    } catch (error) {
      log.warn('family mail enqueue failed', {
        attempt,
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  }
  return false;
}
