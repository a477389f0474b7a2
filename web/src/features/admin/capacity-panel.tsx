/**
 * Capacity and the waitlist (issue 45 §1) on the admin's season screen: each age group's capacity (empty: no
 * limit) and how long a freed spot is held, checked with the shared UpdateSeasonSchema and saved as one
 * change; then each limited group's spots taken and its waitlist in order (position, name, since, and the
 * spot held until, in Edmonton time).
 */
import { memo, useEffect, useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { AgeGroup } from '@club/shared/constants';
import { UpdateSeasonSchema, type UpdateSeasonInput } from '@club/shared/schemas';
import type { AdminSeason } from '@club/shared/types';
import { spotHeldUntilText, type WaitlistAnswer } from '@club/shared/waitlist';
import { TextField } from '../../components/form-field';
import { callApi } from '../../lib/api-client';
import { capacityMessages as t } from './messages';

/** A capacity as typed: empty (no limit) or a whole number from 1 to 1000. */
function fits(value: string | undefined): boolean {
  const typed = value?.trim() ?? '';
  return !typed || (/^\d+$/.test(typed) && Number(typed) >= 1 && Number(typed) <= 1000);
}

function Waitlists({ season }: { season: AdminSeason }) {
  const [answer, setAnswer] = useState<WaitlistAnswer | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    callApi('getSeasonWaitlist', { params: { id: season.id } }).then(
      (a) => current && setAnswer(a),
      () => current && setAnswer('failed'),
    );
    return () => {
      current = false;
    };
  }, [season]);
  if (answer === null) return null;
  if (answer === 'failed') return <p className="form-error">{t.loadFailed}</p>;
  if (!answer.groups.length) return <p className="form-note">{t.noGroups}</p>;
  return (
    <>
      {answer.groups.map((group) => (
        <section key={group.age_group} className="admin-waitlist" aria-label={group.age_group}>
          <h4>
            {group.age_group}: {t.taken(group.taken, group.capacity)} · {t.waiting(group.waitlist.length)}
          </h4>
          {group.waitlist.length ? (
            <div className="admin-table-wrap">
              <table className="admin-table admin-waitlist-table">
                <thead>
                  <tr>
                    <th scope="col">{t.position}</th>
                    <th scope="col">{t.name}</th>
                    <th scope="col">{t.since}</th>
                    <th scope="col">{t.heldUntil}</th>
                  </tr>
                </thead>
                <tbody>
                  {group.waitlist.map((e) => (
                    <tr key={`${e.position}-${e.since}`} className="admin-row">
                      <td data-label={t.position}>{e.position}</td>
                      <td data-label={t.name}>{e.name}</td>
                      <td data-label={t.since}>{spotHeldUntilText(e.since)}</td>
                      <td data-label={t.heldUntil}>
                        {e.spot_held_until ? spotHeldUntilText(e.spot_held_until) : t.notHeld}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      ))}
    </>
  );
}

export const CapacityPanel = memo(function CapacityPanel({
  season,
  onSave,
}: {
  season: AdminSeason;
  /** Saves the settings; true when saved (the toasts are the caller's). */
  onSave: (id: string, input: UpdateSeasonInput) => Promise<boolean>;
}) {
  const [values, setValues] = useState<Partial<Record<AgeGroup, string>>>(() =>
    Object.fromEntries(season.age_groups.map((g) => [g, String(season.capacities[g] ?? '')])),
  );
  const [hours, setHours] = useState(String(season.spot_hold_hours));
  const [error, setError] = useState<{ capacities?: string; spot_hold_hours?: string }>({});
  const [busy, setBusy] = useState(false);
  // The waitlist is read when the panel is opened, not with every season screen.
  const [open, setOpen] = useState(false);
  const id = useId();
  const idOf = (group: AgeGroup) => `${id}-${group.replace(/\s+/g, '-')}`;
  const limited = Object.keys(season.capacities).length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const capacities = Object.fromEntries(
      Object.entries(values)
        .filter(([, value]) => value?.trim())
        .map(([group, value]) => [group, /^\d+(\.\d+)?$/.test(value!.trim()) ? Number(value) : Number.NaN]),
    );
    const input = {
      capacities,
      spot_hold_hours: /^\d+(\.\d+)?$/.test(hours.trim()) ? Number(hours) : Number.NaN,
    };
    const parsed = v.safeParse(UpdateSeasonSchema, input);
    if (!parsed.success) {
      const found: typeof error = {};
      for (const issue of parsed.issues) {
        const key = String(issue.path?.[0]?.key) as keyof typeof error;
        found[key] ??= issue.message;
      }
      setError(found);
      document.getElementById(found.capacities ? `${id}-first` : `${id}-hours`)?.focus();
      return;
    }
    setError({});
    setBusy(true);
    await onSave(season.id, parsed.output);
    setBusy(false);
  }

  return (
    <details
      className="admin-disclosure admin-capacity"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        <span>
          {t.title} <span className="admin-summary-note">({t.summary(limited)})</span>
        </span>
      </summary>
      <form className="admin-settings-form" noValidate onSubmit={(e) => void submit(e)}>
        <p className="form-note">{t.intro}</p>
        <div className="admin-settings-grid">
          {season.age_groups.map((group, i) => (
            <TextField
              key={group}
              id={i === 0 ? `${id}-first` : idOf(group)}
              label={t.capacityOf(group)}
              value={values[group] ?? ''}
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              error={error.capacities && !fits(values[group]) ? error.capacities : undefined}
              onValueChange={(value) => setValues((all) => ({ ...all, [group]: value }))}
            />
          ))}
          <TextField
            id={`${id}-hours`}
            label={t.holdHours}
            value={hours}
            error={error.spot_hold_hours}
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            onValueChange={setHours}
          />
        </div>
        <p className="form-note">{t.holdHoursNote}</p>
        <p className="admin-form-actions">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? t.saving : t.save}
          </button>
        </p>
        {open ? <Waitlists season={season} /> : null}
      </form>
    </details>
  );
});
