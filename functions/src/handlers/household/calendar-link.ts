import { defineHandler } from '../http';
import { householdCalendarLinks } from '../../services/mail/confirmation-mail';

/** GET /household/calendar-link: the family's calendar subscription and download links (issue 36). */
export const handler = defineHandler('getHouseholdCalendarLink', (req) =>
  householdCalendarLinks(req.user.sub),
);
