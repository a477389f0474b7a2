/** The admin calls (spec §7, and the contract's team links, cash, export and send progress), typed from the route table. */
import { ADMIN_TRYOUT_PAGE_MAX, type AgeGroup, type TryoutResult } from '@club/shared/constants';
import type { NewSeasonInput, UpdateSeasonInput } from '@club/shared/schemas';
import type {
  AdminSeason,
  AdminTryoutPage,
  AdminTryoutRow,
  AuditEntry,
  RegistrationStatus,
  RegistrationStatusAnswer,
  SendResultsAnswer,
  ResultMailPreview,
} from '@club/shared/types';
import { callApi, downloadApi, type DownloadedFile } from '../../lib/api-client';

/** Every season, newest first. */
export function listSeasons(): Promise<AdminSeason[]> {
  return callApi('listSeasons');
}

/** Creates a season; the server makes it the active one. Fee and year default on the server when left out. */
export function createSeason(input: NewSeasonInput): Promise<AdminSeason> {
  return callApi('createSeason', { body: input });
}

/** Changes a season's name, fee, age year or sessions; answers the season as written. */
export function updateSeason(seasonId: string, input: UpdateSeasonInput): Promise<AdminSeason> {
  return callApi('updateSeason', { params: { id: seasonId }, body: input });
}

export function getRegistrationStatus(seasonId: string): Promise<RegistrationStatus> {
  return callApi('getRegistrationStatus', { params: { id: seasonId } });
}

export function setRegistrationStatus(seasonId: string, open: boolean): Promise<RegistrationStatusAnswer> {
  return callApi('setRegistrationStatus', { params: { id: seasonId }, body: { open } });
}

/** Sets (or, with an empty url, removes) one age group's team link; answers the season as written. */
export function setTeamLink(seasonId: string, ageGroup: AgeGroup, url: string): Promise<AdminSeason> {
  return callApi('setTeamLink', { params: { id: seasonId }, body: { age_group: ageGroup, url } });
}

/**
 * The season's registrations, sorted by tryout number, gathered a page at a time (issue 43: each request
 * reads one page, however large the season, so the list answers as fast on registration night), following
 * each page's cursor to the last. The pages come in the table's key order; the sort is here.
 */
export async function listTryouts(seasonId: string): Promise<AdminTryoutRow[]> {
  const rows: AdminTryoutRow[] = [];
  let cursor: string | null = null;
  do {
    const page: AdminTryoutPage = await callApi('listTryoutPage', {
      query: { season_id: seasonId, limit: String(ADMIN_TRYOUT_PAGE_MAX), ...(cursor ? { cursor } : {}) },
    });
    rows.push(...page.rows);
    cursor = page.next_cursor;
  } while (cursor);
  return rows.sort((a, b) => a.tryout_number - b.tryout_number);
}

/** What administrators changed on one registration, newest first (issue 19). */
export function listAudit(seasonId: string, tryoutId: string): Promise<AuditEntry[]> {
  return callApi('listAudit', { query: { season_id: seasonId, tryout_id: tryoutId } });
}

/** The season's registrations as a CSV file. */
/** The season's CSV; the athletes' medical notes only when asked (issue 36). */
export function exportTryouts(seasonId: string, medicalNotes = false): Promise<DownloadedFile> {
  return downloadApi('exportTryouts', 'text/csv', {
    query: { season_id: seasonId, ...(medicalNotes ? { medical_notes: 'include' as const } : {}) },
  });
}

export function setAttended(tryoutId: string, attended: boolean): Promise<AdminTryoutRow> {
  return callApi('setAttended', { params: { id: tryoutId }, body: { attended } });
}

export function setSelection(tryoutId: string, result: TryoutResult | ''): Promise<AdminTryoutRow> {
  return callApi('setSelection', { params: { id: tryoutId }, body: { tryout_id: tryoutId, result } });
}

/** POST /admin/tryouts/{tryoutId}/etransfer-received (issue 46). */
export function markEtransferReceived(tryoutId: string): Promise<AdminTryoutRow> {
  return callApi('markEtransferReceived', { params: { tryoutId }, body: {} });
}

export function setCashCollected(tryoutId: string, collected: boolean): Promise<AdminTryoutRow> {
  return callApi('setCashCollected', { params: { id: tryoutId }, body: { collected } });
}

/** Starts mailing every decided result not yet mailed; answers at once with what is still queued. */
export function sendResults(
  seasonId: string,
  options: { sessionsAhead?: boolean } = {},
): Promise<SendResultsAnswer> {
  return callApi('sendResults', {
    params: { seasonId },
    // Issue 42: the admin confirmed mailing groups that still have a tryout session ahead.
    query: options.sessionsAhead ? { sessions_ahead: 'send' } : {},
  });
}

/** Where the season's result mail stands while it goes out. */
export function getSendProgress(seasonId: string): Promise<SendResultsAnswer> {
  return callApi('getSendProgress', { params: { seasonId } });
}

/** Puts a withdrawn registration back, with its own number. */
export function reinstateTryout(tryoutId: string): Promise<AdminTryoutRow> {
  return callApi('reinstateTryout', { params: { id: tryoutId } });
}

/** Both result mails as the families will read them (issue 18). */
export function previewResultMail(seasonId: string): Promise<ResultMailPreview> {
  return callApi('previewResultMail', { params: { seasonId } });
}

export function resendResult(tryoutId: string): Promise<AdminTryoutRow> {
  return callApi('resendResult', { params: { id: tryoutId } });
}
