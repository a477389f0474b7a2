/** The msw server for web tests; each test adds the handlers it needs with server.use(...). */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { publicReadPath } from '@club/shared/public-paths';
import { onRoute } from './route-mock';

/**
 * Answers every test gets unless it says otherwise: the dashboard's family reads (issue 17), which every
 * screen that lands on /dashboard makes, answer a family with no one else in it and no active season.
 */
const defaults = [
  onRoute('getHousehold', () => ({ guardians: [], athletes: [] })),
  onRoute('getHouseholdTryouts', () => []),
  onRoute('listGuardianInvites', () => []),
  onRoute('getHouseholdCalendarLink', () => ({
    subscribe_url: 'webcal://localhost/api/tryouts/calendar.ics?key=family-key',
    download_url: 'https://localhost/api/tryouts/calendar.ics?key=family-key',
  })),
  // A closed registration's "E-mail me when it opens" (issue 18): not on the list.
  onRoute('getOpeningNotice', () => ({ subscribed: false })),
  // The family section asks whether registration is open: no active season, unless a test says otherwise.
  http.get(publicReadPath('getActiveSeason'), () =>
    HttpResponse.json({ message: 'No active season.' }, { status: 404 }),
  ),
];

export const server = setupServer(...defaults);
