/**
 * The audit trail as the admin reads it (GET /admin/audit?season_id=): what administrators changed in a
 * season, newest first, or one registration's history (Player Details). Written by db/platform/audit.ts inside
 * each change's own transaction.
 */
import { serverMessages, tryoutId as tryoutIds, type AccessTokenClaims, type AuditEntry } from '@club/shared';
import { listAudit, type AuditBy } from '../../db/platform/audit';
import * as seasonsTable from '../../db/seasons/seasons';
import { NotFoundError } from '../../lib/errors';

/** The signed-in administrator as the author of a change made now. */
export function byAdmin(admin: AccessTokenClaims, now: Date = new Date()): AuditBy {
  return { actorId: admin.sub, now };
}

/** A season's audit entries, newest first; with a registration's id, that row's only. */
export async function listAuditEntries(seasonId: string, tryoutId?: string): Promise<AuditEntry[]> {
  if (tryoutId) {
    const ids = tryoutIds.parse(tryoutId);
    if (!ids || ids.seasonId !== seasonId) throw new NotFoundError(serverMessages.registrationNotFound);
    return listAudit(seasonId, ids.playerId);
  }
  if (!(await seasonsTable.getSeason(seasonId))) throw new NotFoundError(serverMessages.seasonNotFound);
  return listAudit(seasonId);
}
