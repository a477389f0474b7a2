/**
 * Interac e-Transfer (issue 46 §2): the admin marks one received by hand, imports the bank's CSV export, and
 * applies a proposed line. Part of the one route table, routes.ts.
 */
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
    mail: true,
  },
} as const satisfies Record<string, RouteDefinition>;
