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
