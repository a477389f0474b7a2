import { defineHandler } from '../http';
import { applyEtransferRow } from '../../services/money/etransfer-import';

/** POST /admin/payments/etransfer-rows/{rowId}/apply: a kept bank line applied to the registration chosen. */
export const handler = defineHandler('applyEtransferRow', (req) =>
  applyEtransferRow(req.params.rowId, req.body.tryout_id, req.user),
);
