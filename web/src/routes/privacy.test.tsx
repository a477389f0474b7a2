import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  athleteFields,
  guardianRegistrationFields,
  registrationFields,
  TryoutRegistrationSchema,
  UpdateAccountSchema,
} from '@club/shared/schemas';
import PrivacyPage from './privacy';

/** Fields a form takes that are checked and never stored (said so here, so the list stays honest). */
const NOT_STORED = new Set(['is_adult', 'registrations']);

/** The keys of a valibot object schema, through a pipe. */
function keysOf(schema: unknown): string[] {
  const s = schema as { entries?: Record<string, unknown>; pipe?: unknown[] };
  if (s.entries) return Object.keys(s.entries);
  const inner = s.pipe?.find((p) => (p as { entries?: unknown }).entries);
  return inner ? Object.keys((inner as { entries: Record<string, unknown> }).entries) : [];
}

describe('/privacy tells the truth (issue 19)', () => {
  it('lists every field the forms store, by the name the schemas give it', () => {
    // Prepare: what every form that stores personal information takes
    const stored = new Set(
      [
        ...Object.keys(registrationFields),
        ...Object.keys(guardianRegistrationFields),
        ...Object.keys(athleteFields),
        ...keysOf(UpdateAccountSchema),
        ...keysOf(TryoutRegistrationSchema),
        'athlete_id',
      ].filter((field) => !NOT_STORED.has(field)),
    );

    // Act
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    const listed = new Set(
      Array.from(document.querySelectorAll('[data-field]')).map((el) => el.getAttribute('data-field')),
    );

    // Assess
    expect([...stored].filter((field) => !listed.has(field))).toEqual([]);
    expect(keysOf(TryoutRegistrationSchema).length).toBeGreaterThan(0);
    const athletes = screen.getByRole('region', {
      name: 'Each athlete (the player, or each child a parent adds)',
    });
    expect(within(athletes).getByText('Date of birth')).toBeInTheDocument();
    expect(within(athletes).getByText(/Who sees it:/)).toBeInTheDocument();
  });

  it('lists every declared field of every record under its own heading, each child’s included (issue 44)', () => {
    // Prepare: what the declaration of personal data holds, written out (shared/src/personal-data.ts)
    const expected: Record<string, string[]> = {
      'Your account (a player’s, or a parent’s or guardian’s)': [
        'first_name',
        'last_name',
        'email',
        'phone_number',
        'password',
        'account_type',
        'pendingEmail',
        'pendingEmailTokenHash',
        'token_keys',
        'token_hashes',
      ],
      'Each athlete (the player, or each child a parent adds)': [
        'first_name',
        'last_name',
        'date_of_birth',
        'emergency_contact_name',
        'emergency_contact_phone',
        'emergency_contact_email',
        'emergency_contact_relationship',
        'medical_notes',
        'division',
        'parent_consent',
      ],
      'Each tryout registration': [
        'athlete_id',
        'tryout_number',
        'first_name',
        'last_name',
        'age_group',
        'payment_method',
        'attended',
        'result',
        'date_of_birth',
        'is_under_18',
        'parent_consent',
        'email',
        'phone_number',
        'emergency_contact_name',
        'emergency_contact_phone',
        'emergency_contact_relationship',
        'emergency_contact_email',
        'guardians',
        'medical_notes',
        'waiver',
        'withdrawn_by',
        'user_id',
        'photo_consent',
        'financial_support',
      ],
      'A registration waiting for its tryout number': ['tryout'],
      'Your family': ['user_id', 'email'],
      'Helping on tryout night (check-in and evaluators)': ['email', 'name', 'role'],
      'Scores and notes from tryout night': ['value', 'note', 'evaluator_name'],
      Refunds: ['amount_cents', 'reason'],
      'E-mail and sign-in': ['opening_notice', 'mail_status', 'sign_in_sessions'],
    };

    // Act
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );

    // Assess: each heading lists its fields, each with a label the reader sees
    for (const [title, fields] of Object.entries(expected)) {
      const section = screen.getByRole('region', { name: title });
      const items = Array.from(section.querySelectorAll('[data-field]'));
      const listed = items.map((el) => el.getAttribute('data-field'));
      expect({ title, missing: fields.filter((f) => !listed.includes(f)) }).toEqual({ title, missing: [] });
      expect(items.every((el) => (el.textContent ?? '').trim().length > 5)).toBe(true);
    }
    const athletes = screen.getByRole('region', {
      name: 'Each athlete (the player, or each child a parent adds)',
    });
    expect(within(athletes).getByText(/Medical notes, if you give them/)).toBeInTheDocument();
  });

  it('says a member can download a copy and delete the account from the account page', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'account page' })).toHaveAttribute('href', '/account');
    expect(screen.getByText(/delete your account yourself/)).toBeInTheDocument();
  });

  it('promises the 24 months the production stage keeps personal data (issue 34)', () => {
    // Written out: infra/test/stage-config.test.ts holds prod's retention job to the same 24 months
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    expect(screen.getByText(/If it has not been used for 24 months \(no/)).toBeInTheDocument();
    expect(screen.getByText(/are kept for the season and 24 months after its/)).toBeInTheDocument();
  });
});
