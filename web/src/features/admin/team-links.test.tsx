import { screen, within } from '@testing-library/react';
import type { HttpHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { onRoute } from '../../test/route-mock';
import { server } from '../../test/server';
import { callsTo, renderAdminWithRows, serveAdmin, toastRegion } from './test-api';
import { anAdminSeason, aRow, SEASON_ID } from './test-data';

const LINKS_PATH = `/api/admin/seasons/${SEASON_ID}/team-links`;
const HTTPS_MESSAGE = 'Enter a full https:// link, e.g. https://go.teamsnap.com/…';

/** Opens the team links of `season`; `handlers` change the API's answers. */
async function openTeamLinks(season = anAdminSeason(), ...handlers: HttpHandler[]) {
  const api = serveAdmin({ seasons: [season], rows: [aRow()] });
  server.use(...handlers);
  const rendered = await renderAdminWithRows();
  await rendered.user.click(screen.getByText('Team links'));
  return { api, ...rendered };
}

describe('team links per age group (issue 8)', () => {
  it('shows one link field per age group of the season, filled with the saved links', async () => {
    // Act
    await openTeamLinks(
      anAdminSeason({
        age_groups: ['15U Girls', '17U Girls'],
        teamsnap_links: { '17U Girls': 'https://go.teamsnap.com/team/17' },
      }),
    );

    // Assess
    expect(screen.getByLabelText('15U Girls team link')).toHaveValue('');
    expect(screen.getByLabelText('17U Girls team link')).toHaveValue('https://go.teamsnap.com/team/17');
    expect(screen.queryByLabelText('15U Boys team link')).not.toBeInTheDocument();
    expect(screen.getByText('(1 of 2 set)')).toBeInTheDocument();
  });

  it.each([
    ['a plain http link', 'http://go.teamsnap.com/team/1'],
    ['a script link', 'javascript:alert(1)'],
    ['words', 'teamsnap team 15'],
  ])('refuses %s with the https message and sends nothing', async (_, typed) => {
    // Prepare
    const { api, user } = await openTeamLinks();
    const field = screen.getByLabelText('15U Boys team link');

    // Act
    await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Save team links' }));

    // Assess
    expect(screen.getByText(HTTPS_MESSAGE)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(HTTPS_MESSAGE);
    expect(field).toHaveFocus();
    expect(callsTo(api, 'PUT', LINKS_PATH)).toHaveLength(0);
  });

  it('saves an https link (trimmed) for its age group and says so', async () => {
    // Prepare
    const { api, user } = await openTeamLinks();
    const field = screen.getByLabelText('15U Boys team link');

    // Act
    await user.type(field, '  https://go.teamsnap.com/team/15b ');
    await user.click(screen.getByRole('button', { name: 'Save team links' }));

    // Assess
    expect(await screen.findByText('Team link for 15U Boys saved')).toBeInTheDocument();
    expect(callsTo(api, 'PUT', LINKS_PATH).map((c) => c.body)).toEqual([
      { age_group: '15U Boys', url: 'https://go.teamsnap.com/team/15b' },
    ]);
    expect(field).toHaveValue('https://go.teamsnap.com/team/15b');
    expect(screen.getByText('(1 of 7 set)')).toBeInTheDocument();
  });

  it('removes a link saved empty', async () => {
    // Prepare
    const { api, user } = await openTeamLinks(
      anAdminSeason({ teamsnap_links: { '15U Boys': 'https://go.teamsnap.com/team/15b' } }),
    );

    // Act
    await user.clear(screen.getByLabelText('15U Boys team link'));
    await user.click(screen.getByRole('button', { name: 'Save team links' }));

    // Assess
    expect(await screen.findByText('Team link for 15U Boys removed')).toBeInTheDocument();
    expect(callsTo(api, 'PUT', LINKS_PATH).map((c) => c.body)).toEqual([{ age_group: '15U Boys', url: '' }]);
    expect(screen.getByText('(0 of 7 set)')).toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    // Prepare
    const { user } = await openTeamLinks(
      anAdminSeason(),
      onRoute('setTeamLink', () =>
        Response.json({ message: 'That age group is not part of this season.' }, { status: 400 }),
      ),
    );
    const field = screen.getByLabelText('17U Girls team link');

    // Act
    await user.type(field, 'https://go.teamsnap.com/team/17g');
    await user.click(screen.getByRole('button', { name: 'Save team links' }));

    // Assess
    expect(
      await screen.findByText('17U Girls: That age group is not part of this season.'),
    ).toBeInTheDocument();
    expect(
      within(toastRegion('error')).getByText('17U Girls: That age group is not part of this season.'),
    ).toBeVisible();
    expect(field).toHaveValue('https://go.teamsnap.com/team/17g');
  });

  it('says "Failed to save team link" when the server gives no reason', async () => {
    // Prepare
    const { user } = await openTeamLinks(
      anAdminSeason(),
      onRoute('setTeamLink', () => new Response(null, { status: 502 })),
    );

    // Act
    await user.type(screen.getByLabelText('13U Boys team link'), 'https://go.teamsnap.com/team/13');
    await user.click(screen.getByRole('button', { name: 'Save team links' }));

    // Assess
    expect(await screen.findByText('13U Boys: Failed to save team link')).toBeInTheDocument();
  });

  it('saves every changed group with one Save, sends nothing while any field is wrong, and keeps links whole (issue 18)', async () => {
    // Prepare
    const { api, user } = await openTeamLinks(
      anAdminSeason({ teamsnap_links: { '17U Girls': 'https://go.teamsnap.com/team/17g' } }),
    );
    const long = 'https://go.teamsnap.com/team/15b/a-very-long-invitation-path-that-a-narrow-field-cuts';

    // Act: one good, one wrong.
    await user.type(screen.getByLabelText('15U Boys team link'), long);
    await user.type(screen.getByLabelText('13U Boys team link'), 'teamsnap 13');
    await user.click(screen.getByRole('button', { name: 'Save team links' }));

    // Assess
    expect(screen.getByLabelText('13U Boys team link')).toHaveAccessibleDescription(HTTPS_MESSAGE);
    expect(screen.getByLabelText('13U Boys team link')).toHaveFocus();
    expect(callsTo(api, 'PUT', LINKS_PATH)).toHaveLength(0);

    // Act: fixed; and 17U Girls removed.
    await user.clear(screen.getByLabelText('13U Boys team link'));
    await user.type(screen.getByLabelText('13U Boys team link'), 'https://go.teamsnap.com/team/13b');
    await user.clear(screen.getByLabelText('17U Girls team link'));
    await user.click(screen.getByRole('button', { name: 'Save team links' }));

    // Assess: one request per changed group, one toast.
    expect(await screen.findByText('3 team links saved')).toBeInTheDocument();
    expect(
      callsTo(api, 'PUT', LINKS_PATH)
        .map((c) => c.body as { age_group: string; url: string })
        .sort((a, b) => a.age_group.localeCompare(b.age_group)),
    ).toEqual([
      { age_group: '13U Boys', url: 'https://go.teamsnap.com/team/13b' },
      { age_group: '15U Boys', url: long },
      { age_group: '17U Girls', url: '' },
    ]);
    expect(screen.getByLabelText('15U Boys team link')).toHaveAttribute('title', long);
  });
});
