import { defineHandler } from '../http';
import { setTeamList } from '../../services/teams/teams';

/** PUT /admin/teams/{teamId}/alternates {tryout_ids}: the team's alternates, first offered first. */
export const handler = defineHandler('setTeamAlternates', (req) =>
  setTeamList(req.user, req.params.teamId, 'alternate', req.body.tryout_ids),
);
