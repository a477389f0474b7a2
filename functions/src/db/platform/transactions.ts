/** Helpers for DynamoDB's conditional writes and transactions. */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';

export function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException;
}

/**
 * Sends a conditional write and answers what it answered, or null when its condition did not hold (another
 * writer got there first, or the item is not in the state the write requires). Any other failure throws.
 */
export async function unlessConditionFails<T>(write: () => Promise<T>): Promise<T | null> {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Why each part of a cancelled transaction failed ('ConditionalCheckFailed', 'TransactionConflict', 'None'…). */
export function cancellationCodes(error: unknown): string[] | null {
  if (!(error instanceof TransactionCanceledException)) return null;
  return (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/**
 * Runs a transaction, retrying with jitter while it only collided with a concurrent transaction on the same
 * items (TransactionConflict), so a burst of identical requests still yields exactly one winner instead of
 * none. Returns the failed conditions' codes, or null on success.
 */
export async function transactOrConditionCodes(run: () => Promise<unknown>): Promise<string[] | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      await run();
      return null;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      const conflictOnly = codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt >= 8) return codes;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }
}
