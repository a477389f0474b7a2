import { defineHandler } from '../http';
import { markEtransferReceived } from '../../services/money/etransfer-received';

/** POST /admin/tryouts/{tryoutId}/etransfer-received: the admin saw the family's e-Transfer in the bank. */
export const handler = defineHandler('markEtransferReceived', (req) =>
  markEtransferReceived(req.params.tryoutId, req.body, req.user),
);
