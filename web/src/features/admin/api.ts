/** The admin calls (spec §7, and the contract's team links, cash, export and send progress), paths from the route table. */
import type { AgeGroup, TryoutResult } from '@club/shared/constants';
import { apiPath } from '@club/shared/routes';
import type {
  AdminSeason,
  AdminTryoutRow,
  RegistrationStatus,
  RegistrationStatusAnswer,
  SendResultsAnswer,
} from '@club/shared/types';
import { apiDownload, apiRequest, type DownloadedFile } from '../../lib/api-client';

/** Every season, newest first. */
export function listSeasons(): Promise<AdminSeason[]> {
  return apiRequest(apiPath('listSeasons'));
}

/** Creates a season; the server makes it the active one. */
export function createSeason(name: string): Promise<AdminSeason> {
  return apiRequest(apiPath('createSeason'), { method: 'POST', body: { name } });
}

export function getRegistrationStatus(seasonId: string): Promise<RegistrationStatus> {
  return apiRequest(apiPath('getRegistrationStatus', { id: seasonId }));
}

export function setRegistrationStatus(seasonId: string, open: boolean): Promise<RegistrationStatusAnswer> {
  return apiRequest(apiPath('setRegistrationStatus', { id: seasonId }), { method: 'PATCH', body: { open } });
}

/** Sets (or, with an empty url, removes) one age group's team link. */
export function setTeamLink(seasonId: string, ageGroup: AgeGroup, url: string): Promise<unknown> {
  return apiRequest(apiPath('setTeamLink', { id: seasonId }), {
    method: 'PUT',
    body: { age_group: ageGroup, url },
  });
}

const seasonQuery = (seasonId: string) => `?${new URLSearchParams({ season_id: seasonId }).toString()}`;

/** The season's registrations, sorted by tryout number. */
export function listTryouts(seasonId: string): Promise<AdminTryoutRow[]> {
  return apiRequest(`${apiPath('listTryouts')}${seasonQuery(seasonId)}`);
}

/** The season's registrations as a CSV file. */
export function exportTryouts(seasonId: string): Promise<DownloadedFile> {
  return apiDownload(`${apiPath('exportTryouts')}${seasonQuery(seasonId)}`, 'text/csv');
}

export function setAttended(tryoutId: string, attended: boolean): Promise<unknown> {
  return apiRequest(apiPath('setAttended', { id: tryoutId }), { method: 'PATCH', body: { attended } });
}

export function setSelection(tryoutId: string, result: TryoutResult | ''): Promise<unknown> {
  return apiRequest(apiPath('setSelection', { id: tryoutId }), {
    method: 'PATCH',
    body: { tryout_id: tryoutId, result },
  });
}

export function setCashCollected(tryoutId: string, collected: boolean): Promise<unknown> {
  return apiRequest(apiPath('setCashCollected', { id: tryoutId }), { method: 'PATCH', body: { collected } });
}

/** Starts mailing every decided result not yet mailed; answers at once with what is still queued. */
export function sendResults(seasonId: string): Promise<SendResultsAnswer> {
  return apiRequest(apiPath('sendResults', { seasonId }), { method: 'POST' });
}

/** Where the season's result mail stands while it goes out. */
export function getSendProgress(seasonId: string): Promise<SendResultsAnswer> {
  return apiRequest(apiPath('getSendProgress', { seasonId }));
}

export function resendResult(tryoutId: string): Promise<unknown> {
  return apiRequest(apiPath('resendResult', { id: tryoutId }), { method: 'POST' });
}
