/**
 * The door's counts (issue 42): the cash taken follows every tap, stays once the tap is sent (the server's
 * answer moves it, no reload), and goes back down when a check-in with tonight's cash is undone.
 */
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckinPlayer, HelperGrant, TonightAnswer } from '@club/shared/tryout-night';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { CheckinApp } from './checkin-app';
import { closeDeviceStore, signedInOnDevice } from './device-store';

const SEASON = '55555555-5555-4555-8555-555555555555';
const TODAY = new Date().toISOString();

const aPlayer = (n: number, over: Partial<CheckinPlayer> = {}): CheckinPlayer => ({
  id: `${SEASON}.player-${n}`,
  tryout_number: n,
  first_name: `Kid${n}`,
  last_name: 'Tester',
  age_group: '13U Boys',
  session_ids: ['s1'],
  payment_method: 'cash',
  payment_status: 'cash',
  amount_due_cents: 4500,
  attended: false,
  checked_in_at: null,
  cash_taken_at: null,
  cash_taken_cents: 0,
  withdrawn: false,
  medical: false,
  photo_consent: true,
  ...over,
});

/** The door's server: tonight's list, and check-ins answered as the server would. */
function serveDoor(
  players: CheckinPlayer[],
  day: Pick<TonightAnswer, 'date' | 'day_started_at'> = {
    // Tonight is the club's date in Edmonton, as the server answers it: in the evening there (after
    // midnight UTC) it is still yesterday's UTC date.
    date: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Edmonton' }).format(new Date()),
    // When that day began: a cash tap of this test is always after it.
    day_started_at: new Date(Date.now() - 60_000).toISOString(),
  },
) {
  const now = new Map(players.map((p) => [p.id, p]));
  const grants: HelperGrant[] = [
    { season_id: SEASON, season_name: 'Fall 2027 Tryouts', role: 'check-in', age_groups: [], ends_at: null },
  ];
  const tonight = (): TonightAnswer => ({
    season_id: SEASON,
    season_name: 'Fall 2027 Tryouts',
    ...day,
    sessions: [],
    players: [...now.values()],
    // The count as the server read it once: a screen that never reloads must move it itself.
    counts: { checked_in: 0, expected: players.length, cash_taken_cents: 0 },
    walk_up: { open: false, age_groups: [], reference_year: 2027, fee_cents: 4500, waiver_text: '' },
  });
  server.use(
    onRoute('myHelperGrants', () => grants),
    onRoute('getTonight', () => tonight()),
    onRoute('checkIn', async ({ request, params }) => {
      const body = (await request.json()) as { attended: boolean; cash_collected?: boolean };
      const p = now.get(`${params.id as string}`)!;
      const paid = body.cash_collected === true;
      const back = body.cash_collected === false;
      const next: CheckinPlayer = {
        ...p,
        attended: body.attended,
        checked_in_at: body.attended ? (p.checked_in_at ?? new Date().toISOString()) : null,
        ...(paid
          ? { payment_status: 'paid', amount_due_cents: 0, cash_taken_at: TODAY, cash_taken_cents: 4500 }
          : {}),
        ...(back
          ? { payment_status: 'cash', amount_due_cents: 4500, cash_taken_at: null, cash_taken_cents: 0 }
          : {}),
      };
      now.set(next.id, next);
      return next;
    }),
  );
}

beforeEach(async () => {
  await signedInOnDevice({ id: 'user-cass', name: 'Cass Tester' });
});

afterEach(async () => {
  closeDeviceStore();
  indexedDB.deleteDatabase('club-tryout-night');
});

const cashTaken = () =>
  screen.getByText('cash taken').querySelector('strong') ?? screen.getByText('cash taken');

describe('the door’s cash taken (issue 42)', () => {
  it('follows every tap and an undo, and stays once the taps are sent, without a reload', async () => {
    // Prepare
    serveDoor([aPlayer(401), aPlayer(402)]);
    const user = userEvent.setup();
    render(<CheckinApp />);
    const taps = await screen.findAllByRole('button', { name: 'In + $45.00' });
    const total = () => cashTaken().closest('span')!.textContent;
    expect(total()).toBe('$0.00 cash taken');

    // Act and assess: two taps with cash, each sent.
    // Each tap is queued, then sent: the figure is read once nothing waits (the sent answers' cash kept).
    const sentWith = (figure: string) =>
      waitFor(() => {
        expect(screen.queryByText(/waiting to send/)).not.toBeInTheDocument();
        expect(total()).toBe(figure);
      });
    await user.click(taps[0]!);
    await sentWith('$45.00 cash taken');
    await user.click(screen.getByRole('button', { name: 'In + $45.00' }));
    await sentWith('$90.00 cash taken');

    // The first was a slip: undone, its cash given back.
    await user.click(screen.getByRole('button', { name: 'Undo Kid401 Tester’s check-in' }));
    expect(await screen.findByText('#401 Kid401 Tester is not in: give back $45.00.')).toBeInTheDocument();
    await sentWith('$45.00 cash taken');
  });

  it('gives back cash taken since the day began as the server says, whatever the phone’s zone data calls that day', async () => {
    // Prepare: the server's newer zone data says the day began at 06:00 UTC; this machine's may call 06:30 UTC
    // the evening before. Cash was taken at 06:30 UTC.
    serveDoor(
      [
        aPlayer(401, {
          attended: true,
          checked_in_at: '2026-11-28T06:30:00.000Z',
          payment_status: 'paid',
          amount_due_cents: 0,
          cash_taken_at: '2026-11-28T06:30:00.000Z',
          cash_taken_cents: 4500,
        }),
      ],
      { date: '2026-11-28', day_started_at: '2026-11-28T06:00:00.000Z' },
    );
    const user = userEvent.setup();
    render(<CheckinApp />);

    // Act
    await user.click(await screen.findByRole('button', { name: 'Undo Kid401 Tester’s check-in' }));

    // Assess
    expect(await screen.findByText('#401 Kid401 Tester is not in: give back $45.00.')).toBeInTheDocument();
  });

  it('gives nothing back for cash taken before the day began', async () => {
    // Prepare
    serveDoor(
      [
        aPlayer(401, {
          attended: true,
          checked_in_at: '2026-11-28T05:59:00.000Z',
          payment_status: 'paid',
          amount_due_cents: 0,
          cash_taken_at: '2026-11-28T05:59:00.000Z',
          cash_taken_cents: 4500,
        }),
      ],
      { date: '2026-11-28', day_started_at: '2026-11-28T06:00:00.000Z' },
    );
    const user = userEvent.setup();
    render(<CheckinApp />);

    // Act
    await user.click(await screen.findByRole('button', { name: 'Undo Kid401 Tester’s check-in' }));

    // Assess
    expect(await screen.findByText('#401 Kid401 Tester is not in.')).toBeInTheDocument();
  });
});
