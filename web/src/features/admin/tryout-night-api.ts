/** The admin's tryout-night calls (issue 37): helpers, the season's criteria, rankings. */
import type { AgeGroup } from '@club/shared/constants';
import type { CriteriaInput, HelperInviteInput } from '@club/shared/tryout-night-schemas';
import type { RankingsAnswer, SeasonCriteria, SeasonHelper } from '@club/shared/tryout-night';
import { callApi } from '../../lib/api-client';

export function listHelpers(seasonId: string): Promise<SeasonHelper[]> {
  return callApi('listHelpers', { params: { id: seasonId } });
}

export function inviteHelper(seasonId: string, input: HelperInviteInput): Promise<SeasonHelper[]> {
  return callApi('inviteHelper', { params: { id: seasonId }, body: input });
}

export function removeHelper(seasonId: string, helperId: string): Promise<SeasonHelper[]> {
  return callApi('removeHelper', { params: { id: seasonId, helperId } });
}

export function getCriteria(seasonId: string): Promise<SeasonCriteria> {
  return callApi('getCriteria', { params: { id: seasonId } });
}

export function setCriteria(seasonId: string, input: CriteriaInput): Promise<SeasonCriteria> {
  return callApi('setCriteria', { params: { id: seasonId }, body: input });
}

export function getRankings(seasonId: string, ageGroup: AgeGroup): Promise<RankingsAnswer> {
  return callApi('getRankings', { params: { id: seasonId }, query: { age_group: ageGroup } });
}
