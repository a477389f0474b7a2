import { defineHandler } from '../http';
import { getSeasonMoney } from '../../services/money/season-money';

/** GET /admin/seasons/{id}/money: the season's money per fee and method (issue 46). */
export const handler = defineHandler('getSeasonMoney', (req) => getSeasonMoney(req.params.id));
