import { defineHandler } from '../http';
import { setTeamLink } from '../../services/seasons/admin-seasons';

/** PUT /admin/seasons/{id}/team-links: one age group's TeamSnap link (empty removes it). */
export const handler = defineHandler('setTeamLink', (req) => setTeamLink(req.params.id, req.body, req.user));
