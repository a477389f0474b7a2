/**
 * Tryout night's personal data reaches deletion and retention (issue 37): evaluators' notes can name a
 * child, and a helper's invitation and grant hold the helper's address and name. A deleted athlete's notes
 * go (the anonymous values stay with the anonymous registration); a deleted helper's jobs go and their name
 * leaves their scores; a season past retention loses its scores and its helpers entirely.
 */
import type { AgeGroup } from '@club/shared';
import * as helpersTable from '../../db/tryout-night/volunteers';
import { keys } from '../../db/platform/keys';
import { deleteKeys } from '../../db/privacy/member-deletion';
import * as scoresTable from '../../db/tryout-night/scores';
import type { SeasonItem } from '../../db/seasons/seasons';

/** A deleted member's part of tryout night: notes about their athletes, and their own helper jobs. */
export async function eraseTryoutNightOf(
  userId: string,
  registrations: ReadonlyArray<{ season_id: string; age_group: AgeGroup; player_id: string }>,
): Promise<void> {
  for (const r of registrations) await scoresTable.forgetNotesAbout(r.season_id, r.age_group, r.player_id);
  for (const grant of await helpersTable.grantsOf(userId)) {
    for (const group of grant.age_groups) {
      await scoresTable.forgetEvaluatorName(grant.season_id, group, userId);
    }
    const helper = await helpersTable.getHelper(grant.season_id, grant.helper_id);
    if (helper) await helpersTable.removeHelper(helper);
    else {
      const role = helpersTable.grantKeyRole(grant.role, grant.team_uuid);
      await deleteKeys([keys.helperGrant(grant.season_id, userId, role)]);
    }
  }
}

/** A season past retention: its scores and its helpers (invitations, links, grants) go. */
export async function clearTryoutNightOf(season: Pick<SeasonItem, 'id' | 'age_groups'>): Promise<void> {
  for (const group of season.age_groups) {
    await deleteKeys(await scoresTable.scoreKeysOfGroup(season.id, group));
  }
  for (const helper of await helpersTable.listHelpers(season.id)) await helpersTable.removeHelper(helper);
}
