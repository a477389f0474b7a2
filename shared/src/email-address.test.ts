import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isEmailAddress, mailtoHref, normaliseEmail } from './email-address';
import { EmailAddressSchema, RegistrationSchema } from './schemas';

describe('the one e-mail address rule', () => {
  it.each([
    "o'brien@example.com",
    'jordan+tryouts@example.com',
    'mary-jane@mail.example.co.uk',
    'Avery.Quinn@Example.COM',
    'first.o.neil@sub-domain.example.ca',
    'a@b.co',
    'coach_2026@xn--bcher-kva.example',
    'parent@example.xn--p1ai',
  ])('accepts %s', (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    ['a display name in quotes', '"x"<victim@example.com>'],
    ['a display name with a space', 'Robin Quinn <robin@example.com>'],
    ['angle brackets', '<robin@example.com>'],
    ['punctuation alone', '<>,;'],
    ['a comma between two addresses', 'a@example.com,b@example.com'],
    ['a semicolon between two addresses', 'a@example.com;b@example.com'],
    ['a space', 'robin quinn@example.com'],
    ['a query that copies someone in', 'mom@example.com?bcc=attacker@evil.test'],
    ['a subject in the domain', 'mom@example.com&subject=hi'],
    ['a %-escape', 'mom%40example.com@evil.test'],
    ['two @', 'a@b@example.com'],
    ['no domain dot', 'a@localhost'],
    ['a leading dot', '.a@example.com'],
    ['two dots in a row', 'a..b@example.com'],
    ['a domain label ending in a hyphen', 'a@example-.com'],
    ['a one-letter top-level domain', 'a@example.c'],
    ['65 characters before the @', `${'a'.repeat(65)}@example.com`],
  ])('refuses %s: %s', (_why, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });

  it('takes 64 characters before the @ and 254 in all, and not one more', () => {
    /** 64 characters, the @, then a domain of labels making `length` in all. */
    const addressOf = (length: number) =>
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(length - 65 - 132)}.com`;
    expect(addressOf(254)).toHaveLength(254);
    expect(isEmailAddress(addressOf(254))).toBe(true);
    expect(isEmailAddress(addressOf(255))).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(64)}@example.com`)).toBe(true);
  });

  it('normalises to trimmed lower case, the form every key and limit uses', () => {
    expect(normaliseEmail("  O'Brien@Example.COM ")).toBe("o'brien@example.com");
    expect(v.parse(EmailAddressSchema, ' Parent@Example.com ')).toBe('parent@example.com');
  });

  it('refuses an emergency contact address that would copy a stranger in, with the field message', () => {
    const result = v.safeParse(RegistrationSchema, {
      first_name: 'Avery',
      last_name: 'Quinn',
      email: 'avery@example.com',
      password: 'Correct!Horse9Battery',
      date_of_birth: '2001-01-01',
      phone_number: '7805550134',
      emergency_contact_name: 'Robin Quinn',
      emergency_contact_phone: '7805550199',
      emergency_contact_email: 'mom@example.com?bcc=attacker@evil.test',
      emergency_contact_relationship: 'parent',
    });
    expect(result.success).toBe(false);
    const issues = v.flatten<typeof RegistrationSchema>(result.issues!).nested;
    expect(issues?.emergency_contact_email).toEqual(['Invalid email format.']);
  });
});

describe('mailtoHref', () => {
  it('names exactly one recipient, whatever characters the address holds', () => {
    const href = mailtoHref("o'brien+club@example.com")!;
    expect(href).toBe("mailto:o'brien%2Bclub@example.com");
    // No query, no fragment, no second address: decoding gives back the one address
    expect(href).not.toMatch(/[?#,;&]/);
    expect(decodeURIComponent(href.slice('mailto:'.length))).toBe("o'brien+club@example.com");
  });

  it.each(['mom@example.com?bcc=attacker@evil.test', 'a@example.com,b@example.com', 'x <a@example.com>'])(
    'builds no link at all for %s',
    (address) => {
      expect(mailtoHref(address)).toBeNull();
    },
  );
});
