/** The msw server for web tests; each test adds the handlers it needs with server.use(...). */
import { setupServer } from 'msw/node';

export const server = setupServer();
