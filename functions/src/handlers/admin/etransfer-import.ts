import { defineHandler } from '../http';
import { importEtransfers } from '../../services/money/etransfer-import';

/** POST /admin/payments/etransfer-import: the bank's CSV export of e-Transfers received (text/csv). */
export const handler = defineHandler('importEtransfers', (req) => importEtransfers(req.rawBody, req.user));
