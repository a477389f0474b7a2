import { defineHandler } from '../http';
import { setTeamList } from '../../services/teams/teams';

/** PUT /admin/teams/{teamId}/placements {tryout_ids}: the team's placed players. */
export const handler = defineHandler('setTeamPlacements', (req) =>
  setTeamList(req.user, req.params.teamId, 'placed', req.body.tryout_ids),
);
