import { defineHandler } from '../http';
import { resetHouseholdCalendarLink } from '../../services/mail/confirmation-mail';

/** POST /household/calendar-link/reset: a new calendar link for the family; the old one serves no more. */
export const handler = defineHandler('resetHouseholdCalendarLink', (req) =>
  resetHouseholdCalendarLink(req.user.sub),
);
