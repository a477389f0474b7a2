import { defineHandler } from '../http';
import { getActiveSeason } from '../../services/seasons/seasons';

/** GET /seasons/active: the active season, 404 when there is none. */
export const handler = defineHandler('getActiveSeason', () => getActiveSeason());
