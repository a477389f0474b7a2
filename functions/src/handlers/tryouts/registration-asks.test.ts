/**
 * Issue 36: what a club asks at registration. The admin's waiver (versioned), accepted by typing the account
 * holder's full name; photo consent per athlete; "Ask about financial support"; medical notes per athlete,
 * for administrators only, never in the CSV, gone with the athlete.
 */
import { describe, expect, it } from 'vitest';
import type { AdminTryoutRow, Athlete, Season } from '@club/shared';
import { createAdmin } from '../../../test/admin';
import { call } from '../../../test/api';
import { createPlayer, openSeason, tableSnapshot } from '../../../test/players';
import { aHouseholdRegistration, anAthlete, ok } from '../../../test/builders';

const WAIVER_1 = 'I understand basketball is a contact sport.';
const WAIVER_2 = 'I understand basketball is a contact sport.\n\nI allow the club to give first aid.';

const amara = anAthlete({
  first_name: 'Amara',
  last_name: 'Okafor',
  date_of_birth: '2011-04-02',
  emergency_contact_name: 'Dana Okafor',
  emergency_contact_phone: '780-555-0142',
  emergency_contact_email: 'dana@example.test',
  division: 'girls',
  medical_notes: 'Peanut allergy: EpiPen in her bag.',
});

describe('what a club asks at registration (issue 36)', () => {
  it('holds a registration to the season’s current waiver, signed with the account holder’s name, and keeps what was asked', async () => {
    // Prepare: the admin writes the waiver, then changes it (version 2).
    const season = await openSeason({ name: 'Fall 2026 Tryouts' });
    const admin = await createAdmin();
    const setWaiver = (waiver_text: string) =>
      call('updateSeason', { token: admin.token, params: { id: season.id }, body: { waiver_text } });
    expect((await setWaiver(WAIVER_1)).status).toBe(200);
    const v1 = (await call('getActiveSeason', {})).body as unknown as Season;
    expect([v1.waiver_text, v1.waiver_version]).toEqual([WAIVER_1, 1]);
    await setWaiver(WAIVER_2);
    const v2 = (await call('getActiveSeason', {})).body as unknown as Season;
    expect([v2.waiver_text, v2.waiver_version]).toEqual([WAIVER_2, 2]);

    const dana = await createPlayer({ first_name: 'Dana', last_name: 'Okafor', date_of_birth: '1984-01-01' });
    const child = (await ok('addAthlete', { token: dana.token, body: amara }, 201))
      .body as unknown as Athlete;
    const register = (extra: Record<string, unknown>) =>
      call('registerTryout', {
        token: dana.token,
        body: aHouseholdRegistration(
          [{ athlete_id: child.id, age_group: '15U Girls', photo_consent: true }],
          { financial_support: true, ...extra },
        ),
      });
    const before = await tableSnapshot();

    // Act: no waiver, someone else's name, the old version, then right (names match whatever the case).
    const none = await register({});
    const otherName = await register({ waiver: { version: 2, signed_name: 'Amara Okafor' } });
    const oldVersion = await register({ waiver: { version: 1, signed_name: 'Dana Okafor' } });
    const unchanged = await tableSnapshot();
    const accepted = await register({ waiver: { version: 2, signed_name: '  dana   OKAFOR ' } });

    // Assess
    expect([none.status, none.body.message]).toEqual([
      400,
      'Please read the waiver and type your full name to accept it.',
    ]);
    expect([otherName.status, otherName.body.message]).toEqual([
      400,
      'To accept the waiver, type your full name as it is on your account: Dana Okafor.',
    ]);
    expect([oldVersion.status, oldVersion.body.message]).toEqual([
      409,
      'The waiver changed while you were registering. Please read it again and accept it.',
    ]);
    expect(unchanged).toBe(before);
    expect(accepted.status).toBe(201);
    const rows = (await call('listTryouts', { token: admin.token, query: { season_id: season.id } }))
      .body as unknown as AdminTryoutRow[];
    const row = rows.find((r) => r.id === `${season.id}.${child.id}`)!;
    expect(row).toMatchObject({
      waiver: { version: 2, signed_name: 'dana   OKAFOR' },
      photo_consent: true,
      financial_support_requested: true,
      medical_notes: 'Peanut allergy: EpiPen in her bag.',
    });
    expect(Date.now() - Date.parse(row.waiver!.accepted_at)).toBeLessThan(60_000);

    // The family's own copy says what was accepted and given (issue 36).
    const readable = await call('exportAccount', { token: dana.token, query: { format: 'html' } });
    expect(readable.text).toMatch(
      /<dt>Waiver<\/dt><dd>Accepted by dana {3}OKAFOR on November \d+, 20\d\d at [^<]+ \(version 2\)<\/dd>/,
    );
    expect(readable.text).toContain('<dt>Photos and video</dt><dd>Yes</dd>');
    expect(readable.text).toContain('<dt>Medical notes</dt><dd>Peanut allergy: EpiPen in her bag.</dd>');

    // The CSV never carries medical notes.
    const csv = await call('exportTryouts', { token: admin.token, query: { season_id: season.id } });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('Amara');
    expect(csv.text).not.toContain('Peanut');
    // Unless the admin asks for them.
    const withNotes = await call('exportTryouts', {
      token: admin.token,
      query: { season_id: season.id, medical_notes: 'include' },
    });
    expect(withNotes.text.split('\r\n')[0]).toMatch(/,"Medical notes"$/);
    expect(withNotes.text).toContain('"Peanut allergy: EpiPen in her bag."');

    // Notes changed on the athlete reach Player Details; removing them empties it there.
    await ok('updateAthlete', { token: dana.token, params: { id: child.id }, body: { medical_notes: '' } });
    const after = (await call('listTryouts', { token: admin.token, query: { season_id: season.id } }))
      .body as unknown as AdminTryoutRow[];
    expect(after.find((r) => r.id === row.id)!.medical_notes).toBeUndefined();
  });

  it('refuses a waiver longer than a page, and changes nothing', async () => {
    const season = await openSeason();
    const admin = await createAdmin();
    const before = await tableSnapshot();

    const res = await call('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { waiver_text: 'x'.repeat(5001) },
    });
    const afterRefusal = await tableSnapshot();
    const fits = await call('updateSeason', {
      token: admin.token,
      params: { id: season.id },
      body: { waiver_text: 'x'.repeat(5000) },
    });

    expect([res.status, res.body.message]).toEqual([400, 'The waiver can be at most 5,000 characters.']);
    expect(afterRefusal).toBe(before);
    expect(fits.status).toBe(200);
  });
});
