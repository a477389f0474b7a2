import { defineHandler, reply } from '../http';
import { exportTryouts } from '../../services/registration/admin-table';

/** GET /admin/tryouts/export?season_id=: the season's registrations as a CSV download. */
export const handler = defineHandler('exportTryouts', async (req) => {
  const { filename, csv } = await exportTryouts(req.query.season_id, req.user, {
    medicalNotes: req.query.medical_notes === 'include',
  });
  return reply.file(csv, { contentType: 'text/csv; charset=utf-8', filename });
});
