import { defineHandler } from '../http';
import { listAuditEntries } from '../../services/platform/audit';

/** GET /admin/audit?season_id=[&tryout_id=]: what administrators changed, newest first. */
export const handler = defineHandler('listAudit', (req) =>
  listAuditEntries(req.query.season_id, req.query.tryout_id),
);
