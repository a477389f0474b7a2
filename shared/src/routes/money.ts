/**
 * The treasurer's money view and CSV of a season, and a household's statement (issue 46 §3). Part of the one
 * route table, routes.ts.
 */
import { answer, type FileAnswer, type RouteDefinition } from './route-definition';
import type { HouseholdStatement, SeasonMoneyView } from '../money-ledger';

export const moneyRoutes = {
  /** Per fee (tryout, team) and method: expected, collected, outstanding, refunded, disputed, Stripe fees. */
  getSeasonMoney: {
    method: 'GET',
    path: '/admin/seasons/{id}/money',
    access: 'admin',
    handler: 'money/season-money',
    table: 'read',
    params: 'SeasonParamsSchema',
    answer: answer<SeasonMoneyView>(),
  },
  /** One line per payment and refund, for a spreadsheet; formula-safe like the registrations CSV. */
  exportSeasonMoney: {
    method: 'GET',
    path: '/admin/seasons/{id}/money.csv',
    access: 'admin',
    handler: 'money/export-season-money',
    // Writes its audit entry: who took the families' names and payments away in a file.
    table: 'write',
    params: 'SeasonParamsSchema',
    answer: answer<FileAnswer>(),
  },
  /** Every payment and refund of the caller's household's children in a calendar year (Edmonton), and the net. */
  getHouseholdStatement: {
    method: 'GET',
    path: '/households/mine/statement',
    access: 'user',
    handler: 'money/household-statement',
    table: 'read',
    query: 'StatementQuerySchema',
    answer: answer<HouseholdStatement>(),
  },
} as const satisfies Record<string, RouteDefinition>;
