/**
 * The admin API as the admin tests see it, on msw: the seasons and each season's rows, answering as the
 * contract says, and every call the page made (method, path, body) for the tests to check. A test changes
 * one answer with server.use(...) before rendering.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { AdminSeason, AdminTryoutRow } from '@club/shared/types';
import { answerEveryRoute, onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { AdminDashboard } from './admin-dashboard';
import { anAdminSeason } from './test-data';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export interface AdminApi {
  seasons: AdminSeason[];
  rows: Record<string, AdminTryoutRow[]>;
  calls: Call[];
}

/** The calls made to a path (and method), in order. */
export function callsTo(api: AdminApi, method: string, path: string | RegExp): Call[] {
  return api.calls.filter(
    (c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
  );
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function record(api: AdminApi, request: Request): Promise<void> {
  const url = new URL(request.url);
  const text = request.method === 'GET' ? '' : await request.clone().text();
  api.calls.push({
    method: request.method,
    path: url.pathname + url.search,
    // A file sent as it is (issue 46: the bank's CSV) is kept as text.
    body: text ? jsonOrText(text) : null,
  });
}

/** Serves seasons (newest first) and rows (of the first season, or per season id); all writes succeed. */
export function serveAdmin({
  seasons = [anAdminSeason()],
  rows = [],
  pageSize,
}: {
  seasons?: AdminSeason[];
  rows?: AdminTryoutRow[] | Record<string, AdminTryoutRow[]>;
  /** Rows a page of the list holds, whatever the screen asks for. */
  pageSize?: number;
} = {}): AdminApi {
  const api: AdminApi = {
    seasons,
    rows: Array.isArray(rows) ? { [seasons[0]?.id ?? '']: rows } : rows,
    calls: [],
  };
  server.events.on('request:start', ({ request }) => void record(api, request));
  server.use(
    onRoute('listSeasons', () => api.seasons),
    onRoute('getRegistrationStatus', ({ params }) => ({
      is_registration_open: api.seasons.find((s) => s.id === params.id)?.is_registration_open ?? false,
    })),
    onRoute('setRegistrationStatus', async ({ params, request }) => {
      const { open } = (await request.json()) as { open: boolean };
      const season = api.seasons.find((s) => s.id === params.id)!;
      return { season: { ...season, is_registration_open: open } };
    }),
    onRoute(
      'createSeason',
      async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        return anAdminSeason({ id: 'c0ffee00-0000-4000-8000-000000000001', name: name.trim() });
      },
      { status: 201 },
    ),
    onRoute('updateSeason', async ({ params, request }) => {
      const changes = (await request.json()) as Partial<AdminSeason>;
      const season = { ...api.seasons.find((s) => s.id === params.id)!, ...changes };
      api.seasons = api.seasons.map((s) => (s.id === season.id ? season : s));
      return season;
    }),
    // The season's rows a page at a time, as the server pages them: `limit` rows (or `pageSize`, to see the
    // screen follow the cursor), and where the next page starts.
    onRoute('listTryoutPage', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const all = api.rows[query.get('season_id') ?? ''] ?? [];
      const from = Number(query.get('cursor') ?? 0);
      const to = from + (pageSize ?? Number(query.get('limit') ?? 250));
      return { rows: all.slice(from, to), next_cursor: to < all.length ? String(to) : null };
    }),
    // No administrator has changed anything yet (Player Details' history).
    onRoute('listAudit', () => []),
    // Every other admin call (attended, selection, cash, team links, resend, and any added later) succeeds.
    ...answerEveryRoute(['admin']),
  );
  return api;
}

/**
 * Holds answers back until the test releases them, to look at the page while a request is on its way:
 * `http.patch(path, held.answer(() => HttpResponse.json({})))`, then `held.release()`.
 */
export function hold() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    release: () => release(),
    gate,
    answer: (answer: () => Response) => async (): Promise<Response> => {
      await gate;
      return answer();
    },
  };
}

/** An answer the server refuses with (spec §8 toasts follow). */
export function refused(status = 500) {
  return HttpResponse.json({ message: 'Something went wrong.' }, { status });
}

export function renderAdmin() {
  const user = userEvent.setup();
  render(<AdminDashboard />);
  return { user };
}

/**
 * The registrations table, found by its accessible name (its caption), never as "the" table: /admin holds
 * other sections, and a new one may hold a table of its own.
 */
export const REGISTRATIONS_TABLE = /^Tryout registrations, /;
export const registrationsTable = () => screen.getByRole('table', { name: REGISTRATIONS_TABLE });
export const queryRegistrationsTable = () => screen.queryByRole('table', { name: REGISTRATIONS_TABLE });

/** Renders the dashboard and waits for the registrations table of the first season. */
export async function renderAdminWithRows() {
  const rendered = renderAdmin();
  await screen.findByRole('table', { name: REGISTRATIONS_TABLE });
  return rendered;
}

/** The live region a notice of that kind goes to. */
export function toastRegion(kind: 'success' | 'error'): HTMLElement {
  return kind === 'success'
    ? screen.getByRole('status', { name: 'Notifications' })
    : screen.getByRole('alert', { name: 'Problems' });
}

/**
 * For tests on a faked clock (setTimeout only): lets answers arrive (they come through promises and I/O
 * callbacks, not the clock) until `check` holds, and fails if it never does.
 */
export async function settleUntil(check: () => unknown, what: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (check()) return;
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
  throw new Error(`Never happened: ${what}`);
}
