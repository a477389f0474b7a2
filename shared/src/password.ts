import { PASSWORD_MIN_LENGTH } from './constants';

/**
 * The characters that count as "special" in a password (spec §5). Here, beside the rule that reads them, not
 * in constants.ts, whose constants every public page's first chunk carries.
 */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export type PasswordRequirement = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';

const SPECIAL = new Set(PASSWORD_SPECIAL_CHARACTERS);

/** The strength requirements (spec §5) that a password does not yet meet, in the spec's order. */
export function missingPasswordRequirements(password: string): PasswordRequirement[] {
  const missing: PasswordRequirement[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) missing.push('length');
  if (!/[A-Z]/.test(password)) missing.push('uppercase');
  if (!/[a-z]/.test(password)) missing.push('lowercase');
  if (!/[0-9]/.test(password)) missing.push('number');
  if (![...password].some((c) => SPECIAL.has(c))) missing.push('special');
  return missing;
}

const registrationParts: Record<PasswordRequirement, string> = {
  length: `at least ${PASSWORD_MIN_LENGTH} characters`,
  uppercase: 'an uppercase letter',
  lowercase: 'a lowercase letter',
  number: 'a number',
  special: 'a special character',
};

const resetParts: Record<PasswordRequirement, string> = {
  length: `be at least ${PASSWORD_MIN_LENGTH} characters long`,
  uppercase: 'include an uppercase letter',
  lowercase: 'include a lowercase letter',
  number: 'include a number',
  special: 'include a special character',
};

/** Registration form: 'Password must include {list of missing parts}'. */
export function registrationPasswordMessage(missing: PasswordRequirement[]): string {
  return `Password must include ${missing.map((m) => registrationParts[m]).join(', ')}`;
}

/** Reset form: 'Password must ' followed by the missing requirements joined by commas. */
export function resetPasswordMessage(missing: PasswordRequirement[]): string {
  return `Password must ${missing.map((m) => resetParts[m]).join(', ')}`;
}
