import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { ApiError, apiDownload, apiRequest } from './api-client';
import { clearToken, readToken, setSessionHooks, stopSessionCalls, storeToken } from './session-token';

function hooksRefreshingTo(token: string | null) {
  const hooks = {
    refresh: vi.fn(async () => {
      if (token) storeToken(token);
      return token;
    }),
    onSignedOut: vi.fn(),
  };
  setSessionHooks(hooks);
  return hooks;
}

// Each call is made signed in, as the screens make them, unless a test says otherwise.
beforeEach(() => storeToken('signed-in'));
afterEach(() => setSessionHooks({ refresh: async () => null, onSignedOut: () => {} }));

describe('apiRequest', () => {
  it('sends the stored token as a bearer token and includes cookies', async () => {
    // Prepare
    storeToken('abc');
    let seen: { auth: string | null; credentials: RequestCredentials } | undefined;
    server.use(
      http.get('/api/thing', ({ request }) => {
        seen = { auth: request.headers.get('authorization'), credentials: request.credentials };
        return HttpResponse.json({ ok: true });
      }),
    );

    // Act
    const body = await apiRequest('/api/thing');

    // Assess
    expect(body).toEqual({ ok: true });
    expect(seen).toEqual({ auth: 'Bearer abc', credentials: 'include' });
  });

  it('on a 401 refreshes once and retries the request with the new token', async () => {
    // Prepare
    storeToken('old');
    const hooks = hooksRefreshingTo('new');
    const auths: Array<string | null> = [];
    server.use(
      http.get('/api/thing', ({ request }) => {
        auths.push(request.headers.get('authorization'));
        return request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ message: 'expired' }, { status: 401 });
      }),
    );

    // Act
    const body = await apiRequest('/api/thing');

    // Assess
    expect(body).toEqual({ ok: true });
    expect(auths).toEqual(['Bearer old', 'Bearer new']);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(hooks.onSignedOut).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    // Prepare
    storeToken('old');
    const hooks = hooksRefreshingTo('new');
    server.use(
      http.get('/api/:name', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ message: 'expired' }, { status: 401 }),
      ),
    );

    // Act
    const answers = await Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);

    // Assess
    expect(answers).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
  });

  it('clears the token and signs out when the refresh fails', async () => {
    // Prepare
    storeToken('old');
    const hooks = hooksRefreshingTo(null);
    server.use(http.get('/api/thing', () => HttpResponse.json({ message: 'expired' }, { status: 401 })));

    // Act
    const failure = apiRequest('/api/thing');

    // Assess
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    expect(readToken()).toBeNull();
    expect(hooks.onSignedOut).toHaveBeenCalledTimes(1);
  });

  it('signs out when the retried request is refused again', async () => {
    // Prepare
    storeToken('old');
    const hooks = hooksRefreshingTo('new');
    let calls = 0;
    server.use(
      http.get('/api/thing', () => {
        calls += 1;
        return HttpResponse.json({ message: 'no' }, { status: 401 });
      }),
    );

    // Act
    const failure = apiRequest('/api/thing');

    // Assess
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
    expect(hooks.onSignedOut).toHaveBeenCalledTimes(1);
    expect(readToken()).toBeNull();
  });

  it('on a sign-out by hand stops the calls under way and sends none after, so no refresh renews the session', async () => {
    // Prepare: signed in, a section still loading when the person signs out
    storeToken('old');
    const hooks = hooksRefreshingTo('renewed');
    const asked: string[] = [];
    let answerHousehold: () => void = () => undefined;
    server.use(
      http.get('/api/household', async () => {
        asked.push('household');
        await new Promise<void>((resolve) => (answerHousehold = resolve));
        return HttpResponse.json({ message: 'Not signed in.' }, { status: 401 });
      }),
      http.get('/api/household/invitations', () => {
        asked.push('invitations');
        return HttpResponse.json([]);
      }),
    );
    const underWay = apiRequest('/api/household');
    await vi.waitFor(() => expect(asked).toEqual(['household']));

    // Act
    clearToken();
    stopSessionCalls();
    const after = apiRequest('/api/household/invitations');

    // Assess
    await expect(underWay).rejects.toMatchObject({ status: 401 });
    await expect(after).rejects.toMatchObject({ status: 401 });
    answerHousehold();
    expect(asked).toEqual(['household']);
    expect(hooks.refresh).not.toHaveBeenCalled();
    expect(hooks.onSignedOut).not.toHaveBeenCalled();
    expect(readToken()).toBeNull();

    // Signing in again sends calls again
    storeToken('next');
    await expect(apiRequest('/api/household/invitations')).resolves.toEqual([]);
  });

  it('leaves a 401 that is an answer (a failed login) alone', async () => {
    // Prepare
    const hooks = hooksRefreshingTo('new');
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ message: 'Invalid email or password.' }, { status: 401 }),
      ),
    );

    // Act
    const failure = apiRequest('/api/auth/login', { method: 'POST', body: {}, session: false });

    // Assess
    await expect(failure).rejects.toMatchObject({ status: 401, serverMessage: 'Invalid email or password.' });
    expect(hooks.refresh).not.toHaveBeenCalled();
    expect(hooks.onSignedOut).not.toHaveBeenCalled();
  });
});

describe('apiDownload', () => {
  it('asks for the file type with the bearer token, refreshing once on a 401', async () => {
    // Prepare
    storeToken('old');
    const hooks = hooksRefreshingTo('new');
    const seen: Array<{ auth: string | null; accept: string | null }> = [];
    server.use(
      http.get('/api/file', ({ request }) => {
        seen.push({ auth: request.headers.get('authorization'), accept: request.headers.get('accept') });
        return request.headers.get('authorization') === 'Bearer new'
          ? new HttpResponse('a,b\r\n', { headers: { 'content-type': 'text/csv' } })
          : HttpResponse.json({ message: 'expired' }, { status: 401 });
      }),
    );

    // Act
    const file = await apiDownload('/api/file', 'text/csv');

    // Assess
    expect(await file.blob.text()).toBe('a,b\r\n');
    expect(file.filename).toBeNull();
    expect(seen).toEqual([
      { auth: 'Bearer old', accept: 'text/csv' },
      { auth: 'Bearer new', accept: 'text/csv' },
    ]);
    expect(hooks.refresh).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['attachment; filename="season.csv"', 'season.csv'],
    ['attachment; filename=season.csv', 'season.csv'],
    ['attachment; filename="saison.csv"; filename*=UTF-8\'\'saison-%C3%A9t%C3%A9.csv', 'saison-été.csv'],
  ])('reads the file name from %s', async (disposition, name) => {
    // Prepare
    server.use(
      http.get('/api/file', () => new HttpResponse('x', { headers: { 'content-disposition': disposition } })),
    );

    // Act
    const file = await apiDownload('/api/file', 'text/csv');

    // Assess
    expect(file.filename).toBe(name);
  });

  it('throws the server’s message for a refused download', async () => {
    // Prepare
    server.use(
      http.get('/api/file', () => HttpResponse.json({ message: 'Season not found.' }, { status: 404 })),
    );

    // Act
    const failure = apiDownload('/api/file', 'text/csv');

    // Assess
    await expect(failure).rejects.toMatchObject({ status: 404, serverMessage: 'Season not found.' });
  });
});
