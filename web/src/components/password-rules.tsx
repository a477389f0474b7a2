/**
 * The password rules (spec §5), shown under a new password before the first attempt and ticked off as the
 * password is typed (issue 18), so no one learns them only from a refusal.
 */
import { PASSWORD_MIN_LENGTH } from '@club/shared/constants';
import { missingPasswordRequirements, type PasswordRequirement } from '@club/shared/password';

const RULES: ReadonlyArray<[PasswordRequirement, string]> = [
  ['length', `At least ${PASSWORD_MIN_LENGTH} characters`],
  ['uppercase', 'An uppercase letter'],
  ['lowercase', 'A lowercase letter'],
  ['number', 'A number'],
  ['special', 'A special character, such as ! ? # or @'],
];

export function PasswordRules({ id, password }: { id: string; password: string }) {
  const missing = new Set(missingPasswordRequirements(password));
  return (
    <ul id={id} className="password-rules" aria-label="Your password needs">
      {RULES.map(([rule, label]) => {
        const met = !missing.has(rule);
        return (
          <li key={rule} className={met ? 'is-met' : undefined}>
            <span aria-hidden="true">{met ? '✓' : '•'}</span> {label}
            <span className="visually-hidden">{met ? ' (done)' : ' (still needed)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
