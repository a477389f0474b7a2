import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { createAdmin } from '../../../test/admin';
import { openSeason, registeredPlayer, tableSnapshot } from '../../../test/players';

const SPEC_ADMIN_AGE_GROUPS = [
  '13U Boys',
  '15U Boys',
  '16U Boys',
  '17U Boys',
  '18U Boys',
  '15U Girls',
  '17U Girls',
];

describe('POST /admin/seasons', () => {
  it('creates a closed season with the admin age groups, the year its name names and the previous fee, and makes it the active one', async () => {
    // Prepare
    const admin = await createAdmin();
    const before = await openSeason({ name: 'Spring 2025 Tryouts' });

    // Act
    const res = await call('createSeason', { token: admin.token, body: { name: '  Fall 2026 Tryouts  ' } });
    const active = await call('getActiveSeason');
    const all = await call('listSeasons', { token: admin.token });

    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Fall 2026 Tryouts',
      is_active: true,
      is_registration_open: false,
      age_groups: SPEC_ADMIN_AGE_GROUPS,
      // "Fall 2026 Tryouts" names its year; the fee is the previous season's ($45.00 in openSeason).
      reference_year: 2026,
      tryout_fee_cents: 4500,
      teamsnap_links: {},
      sessions: [],
    });
    expect(active.body).toMatchObject({ id: res.body.id, name: 'Fall 2026 Tryouts', is_active: true });
    const seasons = all.body as unknown as Array<{ id: string; is_active: boolean }>;
    expect(seasons.find((s) => s.id === before.id)?.is_active).toBe(false);
    expect(seasons.filter((s) => s.is_active).map((s) => s.id)).toEqual([res.body.id]);
  });

  it.each([[{ name: '' }], [{ name: '   ' }], [{}], [{ name: 42 }]])(
    'refuses %j with the spec message and writes nothing',
    async (body) => {
      const admin = await createAdmin();
      const before = await tableSnapshot();

      const res = await call('createSeason', { token: admin.token, body });

      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter a season name.');
      expect(await tableSnapshot()).toBe(before);
    },
  );

  it('switches the active season atomically: every read during a burst of creations sees a whole season', async () => {
    const admin = await createAdmin();
    await openSeason({ name: 'Start' });
    const names = Array.from({ length: 6 }, (_, i) => `Season ${i}`);

    const reads: Array<Promise<{ status: number; body: Record<string, unknown> }>> = [];
    const creations = names.map((name) => call('createSeason', { token: admin.token, body: { name } }));
    for (let i = 0; i < 12; i++) reads.push(call('getActiveSeason'));
    await Promise.all(creations);
    const seen = await Promise.all(reads);
    const all = (await call('listSeasons', { token: admin.token })).body as unknown as Array<{
      name: string;
      is_active: boolean;
    }>;

    for (const read of seen) {
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ is_active: true, age_groups: expect.any(Array) });
    }
    expect(all.filter((s) => s.is_active)).toHaveLength(1);
  });
});

describe('GET /seasons/all', () => {
  it('lists every season newest first, only the active one marked active', async () => {
    const admin = await createAdmin();
    const older = await openSeason({ name: 'Older' });
    await new Promise((r) => setTimeout(r, 5));
    const newer = await openSeason({ name: 'Newer' });

    const res = await call('listSeasons', { token: admin.token });

    const seasons = res.body as unknown as Array<{ id: string; is_active: boolean; created_at: string }>;
    const ids = seasons.map((s) => s.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(seasons[0]).toMatchObject({ id: newer.id, is_active: true });
    const times = seasons.map((s) => s.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('the registration window', () => {
  it('opens and closes a season, and a player can register only while it is open', async () => {
    const admin = await createAdmin();
    const season = await openSeason({ is_registration_open: false });

    const closed = await call('getRegistrationStatus', { token: admin.token, params: { id: season.id } });
    const opened = await call('setRegistrationStatus', {
      token: admin.token,
      params: { id: season.id },
      body: { open: true },
    });
    const registered = await registeredPlayer('cash');
    const closedAgain = await call('setRegistrationStatus', {
      token: admin.token,
      params: { id: season.id },
      body: { open: false },
    });
    const read = await call('getRegistrationStatus', { token: admin.token, params: { id: season.id } });

    expect(closed.body).toEqual({ is_registration_open: false });
    expect(opened.body).toMatchObject({ season: { id: season.id, is_registration_open: true } });
    expect(registered.tryoutNumber).toBe(1);
    expect(closedAgain.body).toMatchObject({ season: { is_registration_open: false } });
    expect(read.body).toEqual({ is_registration_open: false });
  });

  it('answers 404 for an unknown season and 400 for a body without a boolean, changing nothing', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const before = await tableSnapshot();

    const unknown = await call('setRegistrationStatus', {
      token: admin.token,
      params: { id: '8a0f7a26-3c56-4f7e-9f40-3f8b8f1d2c11' },
      body: { open: true },
    });
    const wrong = await call('setRegistrationStatus', {
      token: admin.token,
      params: { id: season.id },
      body: { open: 'yes' },
    });
    const unknownRead = await call('getRegistrationStatus', {
      token: admin.token,
      params: { id: '8a0f7a26-3c56-4f7e-9f40-3f8b8f1d2c11' },
    });

    expect(unknown).toMatchObject({ status: 404, body: { message: 'Season not found.' } });
    expect(unknownRead).toMatchObject({ status: 404, body: { message: 'Season not found.' } });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Choose open or closed.' } });
    expect(await tableSnapshot()).toBe(before);
  });
});

describe('PUT /admin/seasons/{id}/team-links', () => {
  const LINK_MESSAGE = 'Enter a full https:// link, e.g. https://go.teamsnap.com/…';

  it('sets a group’s https link, which that group’s selected players see, and an empty url removes it', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const player = await registeredPlayer('cash');
    const selection = await call('setSelection', {
      token: admin.token,
      params: { id: `${season.id}.${player.id}` },
      body: { result: 'selected' },
    });
    expect(selection.status).toBe(200);

    const set = await call('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '15U Boys', url: ' https://go.teamsnap.com/team/15u-boys ' },
    });
    const other = await call('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '17U Girls', url: 'https://go.teamsnap.com/team/17u-girls' },
    });
    const seen = await call('getMyTryout', { token: player.token });
    const removed = await call('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '15U Boys', url: '' },
    });
    const after = await call('getMyTryout', { token: player.token });

    expect(set.body).toMatchObject({
      teamsnap_links: { '15U Boys': 'https://go.teamsnap.com/team/15u-boys' },
    });
    expect(other.body).toMatchObject({
      teamsnap_links: {
        '15U Boys': 'https://go.teamsnap.com/team/15u-boys',
        '17U Girls': 'https://go.teamsnap.com/team/17u-girls',
      },
    });
    expect(seen.body).toMatchObject({ teamsnap_link: 'https://go.teamsnap.com/team/15u-boys' });
    expect(removed.body).toMatchObject({
      teamsnap_links: { '17U Girls': 'https://go.teamsnap.com/team/17u-girls' },
    });
    expect((removed.body.teamsnap_links as Record<string, string>)['15U Boys']).toBeUndefined();
    expect(after.body).toMatchObject({ teamsnap_link: null });
  });

  it.each([
    'http://go.teamsnap.com/team/1',
    'javascript:alert(1)',
    'go.teamsnap.com/team/1',
    'https://',
    `https://go.teamsnap.com/${'x'.repeat(480)}`,
    'ftp://files.example.com/team',
  ])('refuses %s with the link message and changes nothing', async (url) => {
    const admin = await createAdmin();
    const season = await openSeason();
    const before = await tableSnapshot();

    const res = await call('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '15U Boys', url },
    });

    expect(res).toMatchObject({ status: 400, body: { message: LINK_MESSAGE } });
    expect(await tableSnapshot()).toBe(before);
  });

  it('accepts a link of exactly 500 characters and refuses one of 501', async () => {
    const admin = await createAdmin();
    const season = await openSeason();
    const base = 'https://go.teamsnap.com/';
    const at500 = base + 'a'.repeat(500 - base.length);

    const ok = await call('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '15U Boys', url: at500 },
    });
    const tooLong = await call('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '15U Boys', url: `${at500}a` },
    });

    expect(ok.status).toBe(200);
    expect(tooLong).toMatchObject({ status: 400, body: { message: LINK_MESSAGE } });
  });

  it('refuses an age group the season does not have, and an unknown season', async () => {
    const admin = await createAdmin();
    const season = await openSeason({ age_groups: ['15U Boys'] });

    const notInSeason = await call('setTeamLink', {
      token: admin.token,
      params: { id: season.id },
      body: { age_group: '17U Girls', url: 'https://go.teamsnap.com/x' },
    });
    const unknown = await call('setTeamLink', {
      token: admin.token,
      params: { id: '8a0f7a26-3c56-4f7e-9f40-3f8b8f1d2c11' },
      body: { age_group: '15U Boys', url: 'https://go.teamsnap.com/x' },
    });

    expect(notInSeason).toMatchObject({
      status: 400,
      body: { message: 'That age group is not part of this season.' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Season not found.' } });
  });
});
