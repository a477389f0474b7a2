/**
 * GET /seasons/active (spec §7): read by the public tryout registration entry (/TryoutsClosed) and by the
 * tryout screen. It lives in lib, not in the tryouts feature, so the public page stays free of account code.
 */
import type { Season } from '@club/shared';
import { callApi, nullWhenNotFound } from './api-client';

/** The active season, or null when there is none (the API answers 404 'No active season.'). */
export function fetchActiveSeason(): Promise<Season | null> {
  // A public route: a stale token is neither refreshed nor signs anyone out here.
  return nullWhenNotFound(callApi('getActiveSeason'));
}
