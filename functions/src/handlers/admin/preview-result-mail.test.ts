/** Issue 18: the admin reads both result mails, as families will, before sending them. */
import { describe, expect, it } from 'vitest';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { createPlayer, openSeason, tableSnapshot } from '../../../test/players';
import { ok } from '../../../test/builders';

describe('GET /admin/tryouts/{seasonId}/result-mail-preview', () => {
  it('answers both mails for the first age group, the team link as set now, changing nothing', async () => {
    const admin = await createAdmin();
    const season = await openSeason({ age_groups: ['15U Girls', '17U Boys'] });
    await ok('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '15U Girls', url: 'https://go.teamsnap.com/team/15g' },
    });
    const before = await tableSnapshot();

    const res = await call('previewResultMail', { token: admin.token, params: { seasonId: season.id } });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      age_group: '15U Girls',
      selected: { subject: 'You made the team: 15U Girls, Fall 2025 Tryouts' },
      not_selected: { subject: 'Your tryout result: Fall 2025 Tryouts' },
    });
    const body = res.body as { selected: { text: string }; not_selected: { text: string } };
    expect(body.selected.text).toContain('Hi [first name],');
    expect(body.selected.text).toContain('Join Your Team on TeamSnap: https://go.teamsnap.com/team/15g');
    expect(body.not_selected.text).toContain('We were not able to offer you a spot on a team this season.');
    expect(await tableSnapshot()).toBe(before);
  });

  it('is the admin’s alone, and 404 for a season that does not exist', async () => {
    const player = await createPlayer();
    const admin = await createAdmin();
    const season = await openSeason();

    const asPlayer = await call('previewResultMail', {
      token: player.token,
      params: { seasonId: season.id },
    });
    const unknown = await call('previewResultMail', {
      token: admin.token,
      params: { seasonId: '0b6f4f0e-3c55-4d0c-9d41-0c2a7d7f6a11' },
    });

    expect(asPlayer.status).toBe(403);
    expect(unknown.status).toBe(404);
  });
});
