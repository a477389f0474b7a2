import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { takeUnansweredGets } from './route-mock';
import { server } from './server';

// A screen found by role waits up to 5 s (testing-library's default is 1 s): a route's module loads lazily,
// which takes longer while other test files run beside this one. A test only waits that long when it fails.
configure({ asyncUtilTimeout: 5_000 });

// Every request a test makes must be one it declared, so no test passes against a call it never expected.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // A GET no mock answered fails the test that made it, naming the route (test/route-mock.ts).
  const unanswered = takeUnansweredGets();
  if (unanswered) throw new Error(unanswered);
  cleanup();
  server.resetHandlers();
  // A test that listens to the requests it makes stops listening with it.
  server.events.removeAllListeners();
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => server.close());
