/**
 * Interac e-Transfer (issue 46 §2): the admin marks one received by hand, imports the bank's CSV export, and
 * applies a proposed line. Part of the one route table, routes.ts.
 */
import type { EtransferImportAnswer, EtransferRowView } from '../etransfer';
import type * as T from '../types';
import { answer, type RouteDefinition } from './route-definition';

export const etransferRoutes = {
  /** The admin saw the family's e-Transfer in the bank: paid, receipt, the family's mail once. */
  markEtransferReceived: {
    method: 'POST',
    path: '/admin/tryouts/{tryoutId}/etransfer-received',
    access: 'admin',
    handler: 'admin/etransfer-received',
    table: 'write',
    params: 'EtransferTryoutParamsSchema',
    body: 'EtransferReceivedSchema',
    answer: answer<T.AdminTryoutRow>(),
    queue: 'familyMail',
  },
  /**
   * The bank's CSV export of e-Transfers received (body text/csv, not JSON): each line matched by its
   * reference code and amount, applied once; the answer lists every line by what became of it.
   */
  importEtransfers: {
    method: 'POST',
    path: '/admin/payments/etransfer-import',
    access: 'admin',
    handler: 'admin/etransfer-import',
    table: 'write',
    csvBody: true,
    bulkImport: true,
    answer: answer<EtransferImportAnswer>(),
    queue: 'familyMail',
  },
  /** A proposed (or ambiguous) line applied to the registration the admin chose. */
  applyEtransferRow: {
    method: 'POST',
    path: '/admin/payments/etransfer-rows/{rowId}/apply',
    access: 'admin',
    handler: 'admin/etransfer-apply',
    table: 'write',
    params: 'EtransferRowParamsSchema',
    body: 'EtransferApplySchema',
    answer: answer<EtransferRowView>(),
    queue: 'familyMail',
  },
} as const satisfies Record<string, RouteDefinition>;
