/**
 * The admin's offers board (issue 45 §5): read when opened, each team's places and offers by state, its
 * alternates in order, the fees collected; cash collected for a player who owes the fee.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OfferAnswer } from '@club/shared/offers';
import type { AdminOfferFee, AdminOfferRefundAnswer, OffersBoard as Board } from '@club/shared/team-fees';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { OffersBoard } from './offers-board';
import { anAdminSeason, SEASON_ID, tryoutId } from './test-data';

function aFee(n: number, overrides: Partial<AdminOfferFee> = {}): AdminOfferFee {
  return {
    offer_id: tryoutId(n),
    state: 'accepted',
    fee_cents: 35_000,
    fee_state: 'to_pay',
    fee_method: null,
    paid_cents: 0,
    refunded_cents: 0,
    refund_reserved_cents: 0,
    withdrawn_after_acceptance: false,
    refunds: [],
    ...overrides,
  };
}

function aBoard(collected: boolean): Board {
  return {
    season_id: SEASON_ID,
    age_group: null,
    offers_published_at: '2026-11-20T16:00:00.000Z',
    teams: [
      {
        id: `${SEASON_ID}.7b2d4c6e-0000-4000-8000-000000000002`,
        name: 'Sabres 15U Black',
        age_group: '15U Boys',
        capacity: 2,
        fee_cents: 35_000,
        cash_accepted: true,
        counts: { accepted: 1, offered: 1, declined: 1, expired: 0, rescinded: 0 },
        open_places: 0,
        alternates: [
          {
            tryout_id: tryoutId(3),
            tryout_number: 3,
            first_name: 'Ava',
            last_name: 'Lee',
            rank: 1,
            state: 'offered',
          },
          {
            tryout_id: tryoutId(4),
            tryout_number: 4,
            first_name: 'Ben',
            last_name: 'Roy',
            rank: 2,
            state: 'waiting',
          },
        ],
        players: [
          {
            tryout_id: tryoutId(1),
            tryout_number: 1,
            first_name: 'Maya',
            last_name: 'Okafor',
            fee: collected ? aFee(1, { fee_state: 'paid', fee_method: 'cash', paid_cents: 35_000 }) : aFee(1),
          },
        ],
        fees_collected_cents: collected ? 35_000 : 0,
        fees_owed_cents: collected ? 0 : 35_000,
      },
    ],
  };
}

describe('the offers board (issue 45)', () => {
  it('shows each team’s counts, alternates in order and fees, and records cash collected', async () => {
    // Prepare
    const user = userEvent.setup();
    let collected = false;
    const sent: unknown[] = [];
    server.use(
      onRoute('getOffersBoard', () => aBoard(collected)),
      onRoute('setOfferCash', async ({ request }) => {
        sent.push(await request.json());
        collected = true;
        return aFee(1, { fee_state: 'paid', fee_method: 'cash', paid_cents: 35_000 });
      }),
    );
    render(
      <OffersBoard season={anAdminSeason()} notify={{ success: () => undefined, error: () => undefined }} />,
    );

    // Act
    await user.click(screen.getByText('Offers board'));
    const team = await screen.findByRole('region', { name: 'Sabres 15U Black' });

    // Assess
    const fact = (term: string) =>
      within(team).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect([fact('Places'), fact('Accepted'), fact('Offered'), fact('Declined')]).toEqual([
      '2',
      '1',
      '1',
      '1',
    ]);
    expect(fact('Still owed')).toBe('$350.00');
    const alternates = within(team)
      .getAllByRole('listitem')
      .slice(0, 2)
      .map((li) => li.textContent);
    expect(alternates).toEqual(['#3 Ava LeeOffered', '#4 Ben RoyWaiting']);

    await user.click(within(team).getByRole('button', { name: 'Cash collected' }));
    await within(team).findByText('Paid $350.00 (cash)');
    expect(sent).toEqual([{ collected: true }]);
    expect(fact('Fees collected')).toBe('$350.00');
  });
});

describe('rescinding or expiring an offer by hand (issue 45)', () => {
  it('shows one age group’s teams when chosen under “Show teams of”, a name apart from the table’s filter', async () => {
    // Prepare
    const user = userEvent.setup();
    const asked: Array<string | null> = [];
    server.use(
      onRoute('getOffersBoard', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('age_group'));
        return aBoard(false);
      }),
    );
    render(
      <OffersBoard season={anAdminSeason()} notify={{ success: () => undefined, error: () => undefined }} />,
    );
    await user.click(screen.getByText('Offers board'));
    await screen.findByRole('region', { name: 'Sabres 15U Black' });

    // Act
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show teams of' }), '15U Boys');

    // Assess
    await waitFor(() => expect(asked).toEqual([null, '15U Boys']));
    expect(screen.queryByRole('combobox', { name: 'Age group' })).toBeNull();
  });

  it('asks first, sends the optional reason, and shows the board as it now stands', async () => {
    // Prepare: Maya accepted, Zoe is offered, Noah declined
    const user = userEvent.setup();
    const ended = new Map<string, 'rescinded' | 'expired'>();
    const sent: unknown[] = [];
    const board = (): Board => {
      const b = aBoard(false);
      const team = b.teams[0]!;
      const fee = (n: number, state: AdminOfferFee['state']) =>
        aFee(n, {
          state: ended.get(tryoutId(n)) ?? state,
          fee_state: state === 'accepted' ? 'to_pay' : 'none',
        });
      team.players = [
        {
          tryout_id: tryoutId(1),
          tryout_number: 1,
          first_name: 'Maya',
          last_name: 'Okafor',
          fee: fee(1, 'accepted'),
        },
        {
          tryout_id: tryoutId(2),
          tryout_number: 2,
          first_name: 'Zoe',
          last_name: 'Hart',
          fee: fee(2, 'offered'),
        },
        {
          tryout_id: tryoutId(5),
          tryout_number: 5,
          first_name: 'Noah',
          last_name: 'Kim',
          fee: fee(5, 'declined'),
        },
      ];
      return b;
    };
    server.use(
      onRoute('getOffersBoard', () => board()),
      onRoute('rescindOffer', async ({ request, params }) => {
        const body = (await request.json()) as { as: 'rescinded' | 'expired' };
        sent.push(body);
        ended.set(String(params.offerId), body.as);
        const answer: OfferAnswer = {
          id: String(params.offerId),
          team: 'Sabres 15U Black',
          state: body.as,
          respond_by: '2026-11-22T16:00:00.000Z',
          fee_cents: 35_000,
          coach_name: null,
          team_link: null,
          waiver_text: '',
          waiver_version: 0,
        };
        return answer;
      }),
    );
    render(
      <OffersBoard season={anAdminSeason()} notify={{ success: () => undefined, error: () => undefined }} />,
    );
    await user.click(screen.getByText('Offers board'));
    await screen.findByRole('region', { name: 'Sabres 15U Black' });
    const row = (name: string) => screen.getByText(new RegExp(`^#\\d+ ${name}$`)).closest('li')!;

    // Assess: only a live offer (offered or accepted) can be ended
    expect(within(row('Noah Kim')).queryByRole('button', { name: 'Rescind' })).not.toBeInTheDocument();
    expect(within(row('Noah Kim')).queryByRole('button', { name: 'Mark expired' })).not.toBeInTheDocument();

    // Act: rescind Maya's, with a reason; asked first
    await user.click(within(row('Maya Okafor')).getByRole('button', { name: 'Rescind' }));
    const ask = within(row('Maya Okafor')).getByRole('alertdialog');
    expect(ask).toHaveTextContent(
      'Rescind the offer to Maya Okafor? The family is no longer offered the place, and it may go to the team’s next alternate.',
    );
    expect(sent).toEqual([]);
    await user.type(within(ask).getByLabelText('Reason (optional)'), 'Moved away');
    await user.click(within(ask).getByRole('button', { name: 'Yes, rescind' }));

    // Assess: the board read again shows it rescinded
    await waitFor(() => expect(within(row('Maya Okafor')).getByText('Rescinded')).toBeInTheDocument());
    expect(within(row('Maya Okafor')).queryByRole('button', { name: 'Rescind' })).not.toBeInTheDocument();

    // Act: Zoe's marked expired, no reason; Cancel first sends nothing
    await user.click(within(row('Zoe Hart')).getByRole('button', { name: 'Mark expired' }));
    await user.click(within(row('Zoe Hart')).getByRole('button', { name: 'Cancel' }));
    await user.click(within(row('Zoe Hart')).getByRole('button', { name: 'Mark expired' }));
    expect(within(row('Zoe Hart')).getByRole('alertdialog')).toHaveTextContent(
      'Mark the offer to Zoe Hart as expired? The family can no longer answer it, and the place may go to the team’s next alternate.',
    );
    await user.click(within(row('Zoe Hart')).getByRole('button', { name: 'Yes, mark expired' }));

    // Assess
    await waitFor(() => expect(within(row('Zoe Hart')).getByText('Expired')).toBeInTheDocument());
    expect(sent).toEqual([{ as: 'rescinded', reason: 'Moved away' }, { as: 'expired' }]);
  });
});

describe('a team fee in instalments on the offers board (issue 46)', () => {
  it('shows the plan under the row and a declined instalment on the row itself', async () => {
    // Prepare
    const user = userEvent.setup();
    const board = aBoard(false);
    board.teams[0]!.players[0]!.fee = aFee(1, {
      fee_state: 'on_plan',
      fee_method: 'stripe',
      paid_cents: 11_667,
      instalments: [
        {
          n: 1,
          amount_cents: 11_667,
          due_date: null,
          state: 'paid',
          paid_at: '2026-11-28T18:00:00.000Z',
          declined_reason: null,
          attempts: 1,
        },
        {
          n: 2,
          amount_cents: 11_667,
          due_date: '2026-12-15',
          state: 'declined',
          paid_at: null,
          declined_reason: 'The card was declined for insufficient funds.',
          attempts: 2,
        },
        {
          n: 3,
          amount_cents: 11_666,
          due_date: '2027-01-15',
          state: 'scheduled',
          paid_at: null,
          declined_reason: null,
          attempts: 0,
        },
      ],
    });
    server.use(onRoute('getOffersBoard', () => board));
    render(
      <OffersBoard season={anAdminSeason()} notify={{ success: () => undefined, error: () => undefined }} />,
    );

    // Act
    await user.click(screen.getByText('Offers board'));
    const team = await screen.findByRole('region', { name: 'Sabres 15U Black' });

    // Assess
    const row = within(team).getByText('#1 Maya Okafor').closest('li')!;
    expect(within(row).getByText('Instalment 2 declined')).toBeInTheDocument();
    expect(
      within(row).getByText('On a plan: $116.67 of $350.00 paid (1 of 3 instalments)'),
    ).toBeInTheDocument();
    const plan = within(row).getByRole('list', { name: 'Maya Okafor: team fee instalments' });
    expect(
      within(plan)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1 of 3: $116.67, on acceptancePaid',
      '2 of 3: $116.67, due Dec 15, 2026Declined after 2 tries: The card was declined for insufficient funds.',
      '3 of 3: $116.66, due Jan 15, 2027Scheduled',
    ]);
    // Cash is not taken for a fee on a card plan.
    expect(within(row).queryByRole('button', { name: 'Cash collected' })).not.toBeInTheDocument();
  });
});

describe('refunding a team fee on the offers board (issue 46)', () => {
  /** A $350.00 fee on a card plan of three: the first two paid, $50.00 of the first already given back. */
  function aCardPlan(): AdminOfferFee {
    return aFee(1, {
      fee_state: 'on_plan',
      fee_method: 'stripe',
      paid_cents: 18_334,
      refunded_cents: 5_000,
      refund_reserved_cents: 5_000,
      refunds: [
        {
          key: 'admin:earlier-refund',
          amount_cents: 5_000,
          method: 'stripe',
          status: 'succeeded',
          reason: 'Missed the camp',
          created_at: '2026-12-01T18:00:00.000Z',
          instalment: 1,
        },
      ],
      instalments: [
        {
          n: 1,
          amount_cents: 11_667,
          due_date: null,
          state: 'paid',
          // 02:30 UTC on the 29th is still November 28 in Edmonton.
          paid_at: '2026-11-29T02:30:00.000Z',
          declined_reason: null,
          attempts: 1,
        },
        {
          n: 2,
          amount_cents: 11_667,
          due_date: '2026-12-15',
          state: 'paid',
          paid_at: '2026-12-15T16:05:00.000Z',
          declined_reason: null,
          attempts: 1,
        },
        {
          n: 3,
          amount_cents: 11_666,
          due_date: '2027-01-15',
          state: 'scheduled',
          paid_at: null,
          declined_reason: null,
          attempts: 0,
        },
      ],
    });
  }

  it('asks which paid instalment of a card plan to refund, with what is left of each, and sends it', async () => {
    // Prepare
    const user = userEvent.setup();
    const board = aBoard(false);
    board.teams[0]!.players[0]!.fee = aCardPlan();
    const sent: unknown[] = [];
    const refusal = 'That is more than is left to refund of instalment 1: $66.67 of the $116.67 paid.';
    server.use(
      onRoute('getOffersBoard', () => board),
      onRoute('refundOffer', async ({ request }) => {
        const body = (await request.json()) as { instalment?: number };
        sent.push(body);
        if (body.instalment === 1) return HttpResponse.json({ message: refusal }, { status: 400 });
        const answer: AdminOfferRefundAnswer = {
          fee: aCardPlan(),
          refund: {
            key: 'admin:x',
            amount_cents: 11_667,
            method: 'stripe',
            status: 'pending',
            reason: 'Moved away',
            created_at: '2026-12-20T18:00:00.000Z',
            instalment: 2,
          },
        };
        return answer;
      }),
    );
    const notices: string[] = [];
    render(
      <OffersBoard
        season={anAdminSeason()}
        notify={{ success: (m) => notices.push(m), error: () => undefined }}
      />,
    );
    await user.click(screen.getByText('Offers board'));
    const team = await screen.findByRole('region', { name: 'Sabres 15U Black' });
    const row = within(team).getByText('#1 Maya Okafor').closest('li')!;

    // Act
    await user.click(within(row).getByRole('button', { name: 'Refund' }));

    // Assess: the paid instalments only, each with its amount, its day in Edmonton and what is left of it
    const select = within(row).getByRole('combobox', { name: 'Instalment' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1: $116.67 paid Nov 28, 2026 ($66.67 left)', '2: $116.67 paid Dec 15, 2026 ($116.67 left)']);
    expect(select).toHaveValue('1');
    expect(select).toHaveAccessibleDescription('Up to $66.67 of instalment 1 can be refunded.');
    expect(within(row).getByLabelText('Amount to refund ($)')).toHaveValue('66.67');

    // Act: the server refuses a refund of the first (another admin's refund landed meanwhile)
    await user.type(within(row).getByLabelText('Reason'), 'Moved away');
    await user.click(within(row).getByRole('button', { name: 'Refund' }));

    // Assess: its words, as they are
    expect(await within(row).findByRole('alert')).toHaveTextContent(refusal);

    // Act: more than is left of the second is stopped here; then all of the second
    await user.selectOptions(select, '2');
    const amount = within(row).getByLabelText('Amount to refund ($)');
    expect(amount).toHaveValue('116.67');
    expect(select).toHaveAccessibleDescription('Up to $116.67 of instalment 2 can be refunded.');
    await user.clear(amount);
    await user.type(amount, '116.68');
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('Enter an amount from $0.01 to $116.67.');
    await user.clear(amount);
    await user.type(amount, '116.67');
    await user.click(within(row).getByRole('button', { name: 'Refund' }));

    // Assess
    await waitFor(() => expect(notices).toEqual(['Refunded $116.67 to Maya Okafor.']));
    expect(sent).toEqual([
      { amount_cents: 6_667, reason: 'Moved away', idempotency_key: expect.any(String), instalment: 1 },
      { amount_cents: 11_667, reason: 'Moved away', idempotency_key: expect.any(String), instalment: 2 },
    ]);
  });

  it('asks for the instalment once the whole plan is paid too, and starts at one with money left', async () => {
    // Prepare: all three paid; the first's $116.67 all given back
    const user = userEvent.setup();
    const board = aBoard(false);
    const fee = aCardPlan();
    fee.fee_state = 'paid';
    fee.paid_cents = 35_000 - 11_667;
    fee.refunds[0]!.amount_cents = 11_667;
    fee.refunded_cents = 11_667;
    fee.refund_reserved_cents = 11_667;
    fee.instalments![2]!.state = 'paid';
    fee.instalments![2]!.paid_at = '2027-01-15T16:05:00.000Z';
    board.teams[0]!.players[0]!.fee = fee;
    server.use(onRoute('getOffersBoard', () => board));
    render(
      <OffersBoard season={anAdminSeason()} notify={{ success: () => undefined, error: () => undefined }} />,
    );
    await user.click(screen.getByText('Offers board'));
    const team = await screen.findByRole('region', { name: 'Sabres 15U Black' });
    const row = within(team).getByText('#1 Maya Okafor').closest('li')!;

    // Act
    await user.click(within(row).getByRole('button', { name: 'Refund' }));

    // Assess
    const select = within(row).getByRole('combobox', { name: 'Instalment' });
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => [o.textContent, (o as HTMLOptionElement).disabled])).toEqual([
      ['1: $116.67 paid Nov 28, 2026 (all refunded)', true],
      ['2: $116.67 paid Dec 15, 2026 ($116.67 left)', false],
      ['3: $116.66 paid Jan 15, 2027 ($116.66 left)', false],
    ]);
    expect(select).toHaveValue('2');
    expect(within(row).getByLabelText('Amount to refund ($)')).toHaveValue('116.67');
  });

  it('offers no Refund once every paid instalment is given back', async () => {
    // Prepare: the first's $116.67 all refunded, the second not paid yet
    const user = userEvent.setup();
    const board = aBoard(false);
    const fee = aCardPlan();
    fee.refunds[0]!.amount_cents = 11_667;
    fee.instalments![1]!.state = 'scheduled';
    fee.instalments![1]!.paid_at = null;
    board.teams[0]!.players[0]!.fee = fee;
    server.use(onRoute('getOffersBoard', () => board));
    render(
      <OffersBoard season={anAdminSeason()} notify={{ success: () => undefined, error: () => undefined }} />,
    );

    // Act
    await user.click(screen.getByText('Offers board'));
    const team = await screen.findByRole('region', { name: 'Sabres 15U Black' });

    // Assess
    const row = within(team).getByText('#1 Maya Okafor').closest('li')!;
    expect(within(row).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('refunds a fee paid in full as before: no instalment asked or sent', async () => {
    // Prepare
    const user = userEvent.setup();
    const board = aBoard(false);
    board.teams[0]!.players[0]!.fee = aFee(1, {
      fee_state: 'paid',
      fee_method: 'stripe',
      paid_cents: 35_000,
    });
    const sent: unknown[] = [];
    server.use(
      onRoute('getOffersBoard', () => board),
      onRoute('refundOffer', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Stripe refused the refund: card expired' }, { status: 400 });
      }),
    );
    render(
      <OffersBoard season={anAdminSeason()} notify={{ success: () => undefined, error: () => undefined }} />,
    );
    await user.click(screen.getByText('Offers board'));
    const team = await screen.findByRole('region', { name: 'Sabres 15U Black' });
    const row = within(team).getByText('#1 Maya Okafor').closest('li')!;

    // Act
    await user.click(within(row).getByRole('button', { name: 'Refund' }));
    await user.type(within(row).getByLabelText('Reason'), 'Moved away');
    await user.click(within(row).getByRole('button', { name: 'Refund' }));

    // Assess
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'Stripe refused the refund: card expired',
    );
    expect(within(row).queryByRole('combobox', { name: 'Instalment' })).not.toBeInTheDocument();
    expect(sent).toEqual([
      { amount_cents: 35_000, reason: 'Moved away', idempotency_key: expect.any(String) },
    ]);
  });
});
