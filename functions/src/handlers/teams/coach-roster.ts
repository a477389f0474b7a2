import { defineHandler } from '../http';
import { coachRoster } from '../../services/teams/roster';

/** GET /coach/teams/{teamId}/roster: a coach's one team (the access check refused every other). */
export const handler = defineHandler('getCoachRoster', (req) => coachRoster(req.helper, req.params.teamId));
