import { defineHandler } from '../http';
import { listAllSeasons } from '../../services/seasons/admin-seasons';

/** GET /seasons/all: every season, newest first. */
export const handler = defineHandler('listSeasons', () => listAllSeasons());
