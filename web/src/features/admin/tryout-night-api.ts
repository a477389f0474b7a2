/** The admin's tryout-night calls (issue 37): helpers, the season's criteria, rankings. */
import type { AgeGroup } from '@club/shared/constants';
import type { CriteriaInput, HelperInviteInput } from '@club/shared/tryout-night-schemas';
import type { RankingsAnswer, SeasonCriteria, SeasonHelper } from '@club/shared/tryout-night';
import { callApi, downloadApi, type DownloadedFile } from '../../lib/api-client';

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

export async function getRankings(seasonId: string, ageGroup: AgeGroup): Promise<RankingsAnswer> {
  const answer = await callApi('getRankings', { params: { id: seasonId }, query: { age_group: ageGroup } });
  // JSON unless a file was asked for (downloadRankings).
  if (typeof answer === 'string') throw new Error('The rankings came as a file');
  return answer;
}

/** The same rankings as a spreadsheet file. */
export function downloadRankings(seasonId: string, ageGroup: AgeGroup): Promise<DownloadedFile> {
  return downloadApi('getRankings', 'text/csv', {
    params: { id: seasonId },
    query: { age_group: ageGroup, format: 'csv' },
  });
}
