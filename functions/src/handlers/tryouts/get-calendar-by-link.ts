import { defineHandler, reply } from '../http';
import { getCalendarByLink } from '../../services/registration/registration-documents';

/** GET /tryouts/calendar.ics?key=…: the calendar a confirmation mail's signed link names. */
export const handler = defineHandler('getCalendarByLink', async (req) =>
  reply.file(await getCalendarByLink(req.query.key), {
    contentType: 'text/calendar; charset=utf-8',
    filename: 'summit-tryouts.ics',
  }),
);
