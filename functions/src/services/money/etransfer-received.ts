/** The admin's "Mark e-Transfer received" (issue 46 §2): the e-Transfer seen in the bank, recorded by hand. */
import {
  etransferMessages,
  serverMessages,
  type AccessTokenClaims,
  type AdminTryoutRow,
  type EtransferReceivedInput,
} from '@club/shared';
import * as tryoutsTable from '../../db/registration/registrations';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { log } from '../../lib/log';
import { idsOf, rowWithStatus } from '../registration/admin-table';
import { receive } from './etransfer';

/**
 * POST /admin/tryouts/{tryoutId}/etransfer-received: the admin saw the e-Transfer in the bank. Paid (with
 * its receipt), audited like cash collected, and the family mailed once. 409 when it is not an e-Transfer
 * registration, was marked already, or was withdrawn.
 */
export async function markEtransferReceived(
  id: string,
  input: EtransferReceivedInput,
  admin: AccessTokenClaims,
): Promise<AdminTryoutRow> {
  const { seasonId, playerId } = idsOf(id);
  const tryout = await tryoutsTable.getTryout(seasonId, playerId);
  if (!tryout) throw new NotFoundError(serverMessages.registrationNotFound);
  if (tryout.payment_method !== 'etransfer' || !tryout.etransfer_reference) {
    throw new ConflictError(etransferMessages.notEtransfer);
  }
  if (tryout.payment_status !== 'awaiting_etransfer') throw new ConflictError(etransferMessages.alreadyPaid);
  if (tryout.withdrawn) throw new ConflictError(etransferMessages.withdrawn);
  const out = await receive(tryout, { by: admin, bankReference: input.bank_reference || undefined });
  if (out.outcome !== 'received') {
    // Paid meanwhile (an import, another admin): the row as it is now says so.
    const now = await tryoutsTable.getTryout(seasonId, playerId);
    if (now?.payment_status === 'paid') throw new ConflictError(etransferMessages.alreadyPaid);
    throw new ConflictError(etransferMessages.registrationNotWaiting);
  }
  log.info('e-transfer marked received', { tryoutId: id });
  return rowWithStatus(out.tryout);
}
