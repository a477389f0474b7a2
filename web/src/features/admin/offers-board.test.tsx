/**
 * The admin's offers board (issue 45 §5): read when opened, each team's places and offers by state, its
 * alternates in order, the fees collected; cash collected for a player who owes the fee.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfferAnswer } from '@club/shared/offers';
import type { AdminOfferFee, OffersBoard as Board } from '@club/shared/team-fees';
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
