/**
 * Issue 45 §3 on the admin's season screen: the season's offer settings (refused in the server's own words),
 * kept on once published; publishing now or at an hour in Edmonton time, after a confirmation that counts the
 * offers and not-selected mails; then the published state.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TeamPlayer, TeamWithPlayers } from '@club/shared/teams';
import type { AdminSeason } from '@club/shared/types';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { callsTo, renderAdminWithRows, serveAdmin, toastRegion } from './test-api';
import { anAdminSeason, aRow, SEASON_ID, tryoutId } from './test-data';

const RESPOND_RULE = 'The time to respond must be a whole number of hours from 24 (1 day) to 168 (7 days).';

const player = (n: number, kind: TeamPlayer['kind'], rank: number | null = null): TeamPlayer => ({
  tryout_id: tryoutId(n),
  tryout_number: n,
  first_name: `P${n}`,
  last_name: 'Tester',
  kind,
  rank,
});

function aTeam(overrides: Partial<TeamWithPlayers> = {}): TeamWithPlayers {
  return {
    id: `${SEASON_ID}.7b2d4c6e-0000-4000-8000-000000000002`,
    season_id: SEASON_ID,
    name: 'Sabres 15U Black',
    age_group: '15U Boys',
    capacity: 2,
    fee_cents: 35000,
    coach_name: null,
    team_link: null,
    cash_accepted: true,
    placed: 2,
    alternates: 1,
    accepted: 0,
    offered: 0,
    created_at: '2025-09-01T15:00:00.000Z',
    placed_players: [player(1, 'placed'), player(2, 'placed')],
    alternate_players: [player(3, 'alternate', 1)],
    ...overrides,
  };
}

const offersOn = (more: Partial<AdminSeason['offers']> = {}) => ({
  enabled: true,
  respond_within_hours: 48,
  publish_at: null,
  auto_offer_alternates: true,
  ...more,
});

/** The Offers fold's summary ("Offers (off)"), not the offers board's. */
const offersSummary = () => screen.getByText('Offers', { selector: 'summary > span' });

async function openOffers(season: AdminSeason) {
  const api = serveAdmin({
    seasons: [season],
    // Two placed, one alternate, two neither (one of them withdrawn: no mail).
    rows: [1, 2, 3, 4, 5].map((n) =>
      aRow({ id: tryoutId(n), tryout_number: n, age_group: '15U Boys', withdrawn: n === 5 }),
    ),
  });
  server.use(onRoute('listTeams', () => [aTeam()]));
  const rendered = await renderAdminWithRows();
  await rendered.user.click(offersSummary());
  return { api, ...rendered };
}

describe('offer settings on the season screen (issue 45)', () => {
  it('turns offers on with the time to respond and the alternates setting, showing the server’s refusal word for word', async () => {
    // Prepare: the server holds the rule (24 to 168 hours), as it does.
    const { api, user } = await openOffers(anAdminSeason());
    server.use(
      onRoute('updateSeason', async ({ request }) => {
        const { offers } = (await request.json()) as { offers: { respond_within_hours: number } };
        const hours = offers.respond_within_hours;
        if (!(hours >= 24 && hours <= 168))
          return HttpResponse.json({ message: RESPOND_RULE }, { status: 400 });
        return anAdminSeason({
          offers: offersOn({ respond_within_hours: hours, auto_offer_alternates: false }),
        });
      }),
    );
    const hours = screen.getByLabelText('Time to respond (hours, 24 to 168)');
    expect(hours).toHaveValue('48');

    // Act: on, 23 hours, alternates off
    await user.click(screen.getByLabelText('Send offers with a deadline this season'));
    await user.click(screen.getByLabelText('Offer a declined or expired place to the team’s next alternate'));
    await user.clear(hours);
    await user.type(hours, '23');
    await user.click(screen.getByRole('button', { name: 'Save offer settings' }));

    // Assess: refused, in the server's words, at the field
    expect(await screen.findByText(RESPOND_RULE)).toBeInTheDocument();
    expect(hours).toHaveAccessibleDescription(RESPOND_RULE);

    // Act: 24 hours, the lowest allowed
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(screen.getByRole('button', { name: 'Save offer settings' }));

    // Assess
    expect(await within(toastRegion('success')).findByText('Offer settings saved.')).toBeInTheDocument();
    expect(screen.queryByText(RESPOND_RULE)).not.toBeInTheDocument();
    expect(callsTo(api, 'PATCH', `/api/admin/seasons/${SEASON_ID}`).map((c) => c.body)).toEqual([
      { offers: { enabled: true, respond_within_hours: 23, auto_offer_alternates: false } },
      { offers: { enabled: true, respond_within_hours: 24, auto_offer_alternates: false } },
    ]);
    expect(offersSummary()).toHaveTextContent('Offers (on, not published)');
  });

  it('keeps offers on once published: no switch to turn them off, and none sent', async () => {
    const { api, user } = await openOffers(
      anAdminSeason({
        offers: offersOn({ publish_at: '2026-11-20T16:00:00.000Z' }),
        offers_published_at: '2026-11-20T16:00:30.000Z',
      }),
    );

    expect(screen.queryByLabelText('Send offers with a deadline this season')).not.toBeInTheDocument();
    expect(
      screen.getByText('Offers are on for this season: they cannot be turned off once published.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save offer settings' }));

    await within(toastRegion('success')).findByText('Offer settings saved.');
    expect(callsTo(api, 'PATCH', `/api/admin/seasons/${SEASON_ID}`).map((c) => c.body)).toEqual([
      { offers: { respond_within_hours: 48, auto_offer_alternates: true } },
    ]);
    expect(screen.getByText('Offers published Friday, November 20, 2026, 9:00 a.m.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish offers' })).not.toBeInTheDocument();
  });
});

describe('publishing offers (issue 45)', () => {
  it('counts the offers and not-selected mails before publishing now, then says they are published', async () => {
    // Prepare
    const { api, user } = await openOffers(anAdminSeason({ offers: offersOn() }));
    server.use(onRoute('publishOffers', () => ({ publish_at: '2026-11-20T16:00:00.000Z' })));

    // Act
    await user.click(screen.getByRole('button', { name: 'Publish offers' }));

    // Assess: asked first, nothing sent yet
    const ask = await screen.findByRole('alertdialog', { name: 'Publish offers' });
    expect(ask).toHaveTextContent(
      'Now, 2 offers and 1 not-selected mail go out, and 1 alternate is told so. This cannot be undone.',
    );
    expect(callsTo(api, 'POST', `/api/admin/seasons/${SEASON_ID}/offers/publish`)).toHaveLength(0);

    // Act
    await user.click(within(ask).getByRole('button', { name: 'Yes, publish offers' }));

    // Assess
    expect(
      await screen.findByText('Offers published Friday, November 20, 2026, 9:00 a.m.'),
    ).toBeInTheDocument();
    expect(callsTo(api, 'POST', `/api/admin/seasons/${SEASON_ID}/offers/publish`).map((c) => c.body)).toEqual(
      [{}],
    );
    expect(screen.queryByRole('button', { name: 'Publish offers' })).not.toBeInTheDocument();
  });

  it('publishes at an hour typed in Edmonton time and says when they go out; Cancel sends nothing', async () => {
    // Prepare
    const { api, user } = await openOffers(anAdminSeason({ offers: offersOn() }));
    server.use(
      onRoute('publishOffers', async ({ request }) => ({
        publish_at: ((await request.json()) as { at: string }).at,
      })),
    );
    fireEvent.change(screen.getByLabelText('Go out at (Edmonton time)'), {
      target: { value: '2031-12-01T09:00' },
    });

    // Act: asked, cancelled, asked again and confirmed
    await user.click(screen.getByRole('button', { name: 'Publish offers' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(callsTo(api, 'POST', `/api/admin/seasons/${SEASON_ID}/offers/publish`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Publish offers' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Publish offers' });
    expect(ask).toHaveTextContent(
      'At Monday, December 1, 2031, 9:00 a.m., 2 offers and 1 not-selected mail go out, and 1 alternate is told so.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Yes, publish offers' }));

    // Assess: 9:00 in Edmonton in December is 16:00 UTC
    expect(
      await screen.findByText('Offers go out at Monday, December 1, 2031, 9:00 a.m.'),
    ).toBeInTheDocument();
    expect(callsTo(api, 'POST', `/api/admin/seasons/${SEASON_ID}/offers/publish`).map((c) => c.body)).toEqual(
      [{ at: '2031-12-01T16:00:00.000Z' }],
    );
  });
});
