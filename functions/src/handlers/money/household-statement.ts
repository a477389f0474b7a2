import { defineHandler } from '../http';
import { getHouseholdStatement } from '../../services/money/household-statement';

/** GET /households/mine/statement?year=: the household's payments and refunds of a year (issue 46). */
export const handler = defineHandler('getHouseholdStatement', (req) =>
  getHouseholdStatement(req.user, req.query.year),
);
