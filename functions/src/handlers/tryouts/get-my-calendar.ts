import { defineHandler, reply } from '../http';
import { getMyCalendar } from '../../services/registration/registration-documents';

/** GET /tryouts/my/calendar.ics: the caller's tryout sessions, for their calendar. */
export const handler = defineHandler('getMyCalendar', async (req) =>
  reply.file(await getMyCalendar(req.user), {
    contentType: 'text/calendar; charset=utf-8',
    filename: 'summit-tryouts.ics',
  }),
);
