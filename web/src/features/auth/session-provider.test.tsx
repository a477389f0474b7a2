import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { server } from '../../test/server';
import { landed, renderWithSession } from './test-render';
import { makeToken, player } from './test-tokens';

function Who() {
  const { user, ready, logout } = useSession();
  if (!ready) return <p>restoring</p>;
  return (
    <>
      <p>{user ? `signed in as ${user.first_name}` : 'signed out'}</p>
      <button onClick={() => void logout()}>Logout</button>
    </>
  );
}

const routes = [{ path: '/', element: <Who /> }, landed('/login')];

afterEach(() => vi.useRealTimers());

describe('SessionProvider', () => {
  it('restores the user from an unexpired stored token', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(player));

    // Act
    renderWithSession(routes, '/');

    // Assess
    expect(await screen.findByText('signed in as Maya')).toBeInTheDocument();
  });

  it('refreshes an expired stored token', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(player, -60));
    const fresh = makeToken({ ...player, first_name: 'Mia' });
    server.use(http.post('/api/auth/refresh-token', () => HttpResponse.json({ token: fresh })));

    // Act
    renderWithSession(routes, '/');

    // Assess
    expect(await screen.findByText('signed in as Mia')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBe(fresh);
  });

  it('removes an expired token that cannot be refreshed and stays signed out', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(player, -60));
    server.use(http.post('/api/auth/refresh-token', () => new HttpResponse(null, { status: 401 })));

    // Act
    renderWithSession(routes, '/');

    // Assess
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('is signed out without a stored token, and asks for no refresh', async () => {
    // Act
    renderWithSession(routes, '/');

    // Assess (msw fails the test on any undeclared request)
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });

  it('logs out: clears the token and tells the server', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(player));
    const logoutCalls = vi.fn();
    server.use(
      http.post('/api/auth/logout', () => {
        logoutCalls();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderWithSession(routes, '/');

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    // Assess
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).toBeNull();
    // The device forgets the helper apps' lists first (issue 42), then the server is told.
    await waitFor(() => expect(logoutCalls).toHaveBeenCalledTimes(1));
  });

  it('logs out: a section asking for its data in the same moment sends nothing and renews nothing', async () => {
    // Prepare: a section of the dashboard that mounts while the sign-out is still loading the account calls
    sessionStorage.setItem('token', makeToken(player));
    const asked: string[] = [];
    server.use(
      http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
      http.get('/api/household/invitations', () => {
        asked.push('invitations');
        return HttpResponse.json({ message: 'Not signed in.' }, { status: 401 });
      }),
      http.post('/api/auth/refresh-token', () => {
        asked.push('refresh');
        return HttpResponse.json({ token: makeToken(player) });
      }),
    );
    renderWithSession(routes, '/');

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    const late = apiRequest('/api/household/invitations');

    // Assess: refused here, with no request the server would refuse and no renewal of the session being ended
    await expect(late).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('a 401 on any call', () => {
  function Fetcher() {
    const { user } = useSession();
    const load = () => apiRequest<{ tryout_number: number }>('/api/tryouts/my').catch(() => null);
    return (
      <>
        <p>{user ? `signed in as ${user.first_name}` : 'signed out'}</p>
        <button onClick={() => void load()}>Load</button>
      </>
    );
  }
  const fetchRoutes = [{ path: '/', element: <Fetcher /> }, landed('/login')];

  it('refreshes, retries once with the new token, and keeps the user signed in', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(player));
    const fresh = makeToken(player);
    const seen: Array<string | null> = [];
    server.use(
      http.post('/api/auth/refresh-token', () => HttpResponse.json({ token: fresh })),
      http.get('/api/tryouts/my', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return seen.length === 1
          ? HttpResponse.json({ message: 'expired' }, { status: 401 })
          : HttpResponse.json({ tryout_number: 7 });
      }),
    );
    renderWithSession(fetchRoutes, '/');

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Load' }));

    // Assess
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toBe(`Bearer ${fresh}`);
    expect(sessionStorage.getItem('token')).toBe(fresh);
    expect(screen.getByText('signed in as Maya')).toBeInTheDocument();
  });

  it('sends the user to /login with the token cleared when the refresh fails', async () => {
    // Prepare
    sessionStorage.setItem('token', makeToken(player));
    server.use(
      http.post('/api/auth/refresh-token', () => new HttpResponse(null, { status: 401 })),
      http.get('/api/tryouts/my', () => HttpResponse.json({ message: 'expired' }, { status: 401 })),
    );
    const { router } = renderWithSession(fetchRoutes, '/');

    // Act
    fireEvent.click(await screen.findByRole('button', { name: 'Load' }));

    // Assess
    expect(await screen.findByText('landed on /login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('a renewal under way when the person signs out', () => {
  function LoadThenLogout() {
    const { user, logout } = useSession();
    return (
      <>
        <p>{user ? `signed in as ${user.first_name}` : 'signed out'}</p>
        <button onClick={() => void apiRequest('/api/tryouts/my').catch(() => null)}>Load</button>
        <button onClick={() => void logout()}>Logout</button>
      </>
    );
  }

  it('stores nothing it brings back and sends the call no second time: the person stays signed out', async () => {
    // Prepare: a call refused as expired, whose renewal's answer is still being read at Logout
    sessionStorage.setItem('token', makeToken(player));
    let answerRefresh: () => void = () => undefined;
    const refreshAsked = vi.fn();
    const refreshAnswered = vi.fn();
    const logoutAsked = vi.fn();
    const seen: Array<string | null> = [];
    server.use(
      // The renewal's answer: its headers at once, its body (the new token) only when the test says
      http.post('/api/auth/refresh-token', () => {
        refreshAsked();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            answerRefresh = () => {
              controller.enqueue(new TextEncoder().encode(JSON.stringify({ token: makeToken(player) })));
              controller.close();
              refreshAnswered();
            };
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'application/json' } });
      }),
      http.post('/api/auth/logout', () => {
        logoutAsked();
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('/api/tryouts/my', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ message: 'expired' }, { status: 401 });
      }),
    );
    renderWithSession([{ path: '/', element: <LoadThenLogout /> }, landed('/login')], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Load' }));
    await vi.waitFor(() => expect(refreshAsked).toHaveBeenCalled());

    // Act: signed out (the server told), then the renewal answers
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(logoutAsked).toHaveBeenCalled());
    answerRefresh();

    // Assess: once the renewal has answered, nobody is signed in again and the call was not sent again
    await vi.waitFor(() => expect(refreshAnswered).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(screen.queryByText(/signed in as/)).not.toBeInTheDocument();
    expect(seen).toHaveLength(1);
  });
});

describe('inactivity logout after 30 minutes (spec §4, §9)', () => {
  const THIRTY_MINUTES_MS = 1_800_000;
  const TWENTY_NINE_MINUTES_MS = 1_740_000;

  /** Signed in on a clock that moves only when the test moves it, so each edge is exact. */
  async function signedInWithFakeClock() {
    vi.useFakeTimers();
    sessionStorage.setItem('token', makeToken(player, 24 * 3600));
    server.use(http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })));
    const rendered = renderWithSession(routes, '/');
    expect(screen.getByText('signed in as Maya')).toBeInTheDocument();
    // The watch loads with the session (signed-in-watch.ts): the clock starts once it runs.
    await vi.dynamicImportSettled();
    return rendered;
  }

  const quietFor = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  function expectSignedIn() {
    expect(screen.getByText('signed in as Maya')).toBeInTheDocument();
    expect(sessionStorage.getItem('token')).not.toBeNull();
  }

  async function expectSentToLogin(router: Awaited<ReturnType<typeof signedInWithFakeClock>>['router']) {
    await quietFor(0);
    expect(screen.getByText('landed on /login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('token')).toBeNull();
  }

  it('keeps the session 1 ms short of 30 minutes without activity, and ends it at 30 minutes', async () => {
    // Prepare
    const { router } = await signedInWithFakeClock();

    // Act and assess: one millisecond either side of 1,800,000 ms
    await quietFor(THIRTY_MINUTES_MS - 1);
    expectSignedIn();
    await quietFor(1);
    await expectSentToLogin(router);
  });

  it.each([
    ['mouse', () => fireEvent.mouseMove(window)],
    ['key', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['scroll', () => fireEvent.scroll(window)],
    ['touch', () => fireEvent.touchStart(document.body)],
    ['wheel', () => fireEvent.wheel(document.body)],
  ])('starts the 30 minutes again on %s activity at 29 minutes', async (_kind, activity) => {
    // Prepare
    const { router } = await signedInWithFakeClock();

    // Act: active at 29 minutes, then quiet again
    await quietFor(TWENTY_NINE_MINUTES_MS);
    act(() => activity());

    // Assess: still in 1 ms before 30 minutes after the activity, out at 30 minutes after it
    await quietFor(THIRTY_MINUTES_MS - 1);
    expectSignedIn();
    await quietFor(1);
    await expectSentToLogin(router);
  });

  it('keeps the session when the first activity after a sleep comes 1 ms short of 30 minutes', async () => {
    // Prepare
    await signedInWithFakeClock();

    // Act: the clock jumps (the machine slept, no timer ran), then the mouse moves
    vi.setSystemTime(Date.now() + THIRTY_MINUTES_MS - 1);
    act(() => fireEvent.mouseMove(window));
    await quietFor(0);

    // Assess
    expectSignedIn();
  });

  it('signs out on the first activity after a sleep of 30 minutes', async () => {
    // Prepare
    const { router } = await signedInWithFakeClock();

    // Act
    vi.setSystemTime(Date.now() + THIRTY_MINUTES_MS);
    act(() => fireEvent.mouseMove(window));

    // Assess
    await expectSentToLogin(router);
  });
});

describe('keeping an active person signed in (spec §4: activity keeps you in)', () => {
  const MINUTE_MS = 60_000;

  /** Signed in with a 15-minute access token on a clock that moves only when the test moves it. */
  async function signedInForFifteenMinutes(
    refreshAnswer: () => Response = () => HttpResponse.json({ token: makeToken(player) }),
  ) {
    vi.useFakeTimers();
    // On a whole second, as the token's times are
    vi.setSystemTime(Math.ceil(Date.now() / 1000) * 1000);
    sessionStorage.setItem('token', makeToken(player, 15 * 60));
    const refreshes = vi.fn();
    server.use(
      http.post('/api/auth/refresh-token', () => {
        refreshes();
        return refreshAnswer();
      }),
      http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
    );
    const rendered = renderWithSession(routes, '/');
    expect(screen.getByText('signed in as Maya')).toBeInTheDocument();
    await vi.dynamicImportSettled();
    return { ...rendered, refreshes };
  }

  const later = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it('renews the token a minute before it runs out when the person was active since it was issued', async () => {
    // Prepare
    const { refreshes } = await signedInForFifteenMinutes();
    const first = sessionStorage.getItem('token');

    // Act: active at 5 minutes
    await later(5 * MINUTE_MS);
    act(() => fireEvent.keyDown(document.body, { key: 'a' }));
    await later(9 * MINUTE_MS - 1);
    const beforeRenewal = refreshes.mock.calls.length;
    await later(1);

    // Assess: nothing until 14:00, one renewal at 14:00, and the new token is the one kept
    expect(beforeRenewal).toBe(0);
    expect(refreshes).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('token')).not.toBe(first);
    expect(screen.getByText('signed in as Maya')).toBeInTheDocument();
  });

  it('renews nothing for a person who was not active, and renews at once on their first activity after expiry', async () => {
    // Prepare
    const { refreshes } = await signedInForFifteenMinutes();

    // Act: quiet for 20 minutes (the token ran out at 15), then the mouse moves
    await later(20 * MINUTE_MS);
    const whileQuiet = refreshes.mock.calls.length;
    act(() => fireEvent.mouseMove(window));
    await later(0);

    // Assess
    expect(whileQuiet).toBe(0);
    expect(refreshes).toHaveBeenCalledTimes(1);
    expect(screen.getByText('signed in as Maya')).toBeInTheDocument();
  });

  it('sends the person to /login, token cleared, when the server has ended the session', async () => {
    // Prepare: the server refuses (the session passed its end)
    const { router } = await signedInForFifteenMinutes(() =>
      HttpResponse.json({ message: 'Your session has expired. Please sign in again.' }, { status: 401 }),
    );

    // Act
    await later(5 * MINUTE_MS);
    act(() => fireEvent.scroll(window));
    await later(9 * MINUTE_MS);

    // Assess
    expect(screen.getByText('landed on /login')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
