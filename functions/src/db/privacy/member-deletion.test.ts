/**
 * A deleted account's registrations stay as the club's records without identity (issue 19), and that
 * includes the child's medical notes (issue 36, held by issue 42): nothing of them is left on the anonymised
 * registration, in any season.
 */
import { describe, expect, it } from 'vitest';
import type { Athlete } from '@club/shared';
import { getTryout } from '../registration/registrations';
import { call } from '../../../test/api';
import { PASSWORD } from '../../../test/accounts';
import { createPlayer, openSeason, tableText } from '../../../test/players';
import { aHouseholdRegistration, anAthlete } from '../../../test/builders';

const NOTES = 'Carries an EpiPen for a peanut allergy; asthma inhaler in the blue bag';

describe('deleting an account with a registered child', () => {
  it("removes the child's medical notes from the registration the club keeps", async () => {
    // Prepare: a parent's child with medical notes, registered (the notes copied onto the registration)
    const season = await openSeason({ name: 'Medical Fall 2025' });
    const parent = await createPlayer({ account_type: 'guardian', first_name: 'Bartholomew' });
    const added = await call('addAthlete', {
      token: parent.token,
      body: anAthlete({
        first_name: 'Ottoline',
        last_name: 'Quaresma',
        date_of_birth: '2014-09-13',
        emergency_contact_name: 'Bartholomew Quaresma',
        emergency_contact_phone: '780-555-0163',
        emergency_contact_email: 'bart.quaresma@example.test',
        medical_notes: NOTES,
      }),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const child = added.body as unknown as Athlete;
    const registered = await call('registerTryout', {
      token: parent.token,
      body: aHouseholdRegistration([{ athlete_id: child.id, age_group: '15U Girls' }]),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    expect((await getTryout(season.id, child.id))?.medical_notes).toBe(NOTES);

    // Act
    const res = await call('deleteAccount', { token: parent.token, body: { password: PASSWORD } });

    // Assess: the registration is kept, anonymised, without the notes
    expect(res.status).toBe(200);
    const kept = await getTryout(season.id, child.id);
    expect(kept).toMatchObject({ first_name: 'Deleted', last_name: 'member', age_group: '15U Girls' });
    expect(kept).not.toHaveProperty('medical_notes');
    expect(await tableText()).not.toContain('epipen');
  });
});
