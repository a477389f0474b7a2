/**
 * The family-mail worker: Lambda's SQS event source (and, on the local stack, its poller) hands it batches
 * of confirmation messages, each sent at the process's share of the account's rate (mail/send-pacing.ts).
 * The answer lists the messages to deliver again (partial batch failures): a throttled confirmation comes
 * back after the visibility timeout instead of being dropped or repeating its batch.
 */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as v from 'valibot';
import { log } from '../../lib/log';
import { deliverQueuedConfirmation, FamilyMailMessageSchema } from '../../services/mail/confirmation-mail';
import { deliverQueuedEtransferReceived } from '../../services/mail/etransfer-mail';
import {
  deliverQueuedInstalmentDecline,
  deliverQueuedInstalmentPaid,
} from '../../services/mail/instalment-mail';
import { deliverQueuedTeamFeeConfirmation } from '../../services/mail/team-fee-mail';
import { deliverQueuedSpotMail } from '../../services/registration/waitlist';
import type { WorkerContext } from './result-mail';

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

export async function handler(event: SQSEvent, context: WorkerContext): Promise<SQSBatchResponse> {
  const deadline = Date.now() + context.getRemainingTimeInMillis();
  const outcomes = await Promise.all(
    event.Records.map(async (record) => {
      const message = v.safeParse(FamilyMailMessageSchema, parseBody(record.body));
      if (!message.success) {
        // It would never become readable: acknowledged, so it does not circle until the dead-letter queue.
        log.error('family mail message unreadable', { messageId: record.messageId });
        return 'done';
      }
      try {
        const m = message.output;
        if (m.kind === 'spot_offer' || m.kind === 'spot_lapsed')
          return await deliverQueuedSpotMail(m, deadline);
        if (m.kind === 'instalment_declined') return await deliverQueuedInstalmentDecline(m, deadline);
        if (m.kind === 'instalment_paid') return await deliverQueuedInstalmentPaid(m, deadline);
        if (m.kind === 'etransfer_received') return await deliverQueuedEtransferReceived(m, deadline);
        return m.kind === 'team_fee_paid'
          ? await deliverQueuedTeamFeeConfirmation(m, deadline)
          : await deliverQueuedConfirmation(m, deadline);
      } catch (error) {
        log.error('family mail message failed', {
          messageId: record.messageId,
          error: error instanceof Error ? error.name : 'unknown',
        });
        return 'retry';
      }
    }),
  );
  return {
    batchItemFailures: event.Records.filter((_, i) => outcomes[i] === 'retry').map((r) => ({
      itemIdentifier: r.messageId,
    })),
  };
}
