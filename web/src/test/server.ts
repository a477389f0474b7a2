/** The msw server for web tests; each test adds the handlers it needs with server.use(...). */
import { setupServer } from 'msw/node';
import { onRoute } from './route-mock';

/**
 * Answers every test gets unless it says otherwise: the dashboard's family reads (issue 17), which every
 * screen that lands on /dashboard makes, answer a family with no one else in it.
 */
const defaults = [
  onRoute('getHousehold', () => ({ guardians: [], athletes: [] })),
  onRoute('getHouseholdTryouts', () => []),
];

export const server = setupServer(...defaults);
