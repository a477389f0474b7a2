/**
 * Team links (issue 8): one TeamSnap link per age group of the season, https only (the shared
 * TeamLinkInputSchema and its message), shown to that group's selected players and in their result mail.
 * One form, one Save; a refusal keeps what was typed.
 */
import { memo, useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { AgeGroup } from '@club/shared/constants';
import { TeamLinkInputSchema } from '@club/shared/schemas';
import type { AdminSeason } from '@club/shared/types';
import { controlProps, FieldError } from '../../components/form-field';
import type { Notify } from '../../components/toast';
import { serverMessageOr } from '../../lib/api-client';
import { setTeamLink } from './api';
import { adminMessages as t } from './messages';

/**
 * Every age group's link in ONE form with one Save (issue 18): what changed is checked first (each field
 * says its own error, nothing is sent while any is wrong), then sent group by group; a refusal keeps what
 * was typed and says which group failed.
 */
function TeamLinksForm({
  season,
  notify,
  onSaved,
}: {
  season: AdminSeason;
  notify: Notify;
  onSaved: (group: AgeGroup, url: string) => void;
}) {
  const saved = (group: AgeGroup) => season.teamsnap_links[group] ?? '';
  const [values, setValues] = useState<Partial<Record<AgeGroup, string>>>(() =>
    Object.fromEntries(season.age_groups.map((g) => [g, saved(g)])),
  );
  const [errors, setErrors] = useState<Partial<Record<AgeGroup, string>>>({});
  const [busy, setBusy] = useState(false);
  const baseId = useId();
  const form = useRef<HTMLFormElement>(null);
  const idOf = (group: AgeGroup) => `${baseId}-${group.replace(/\s+/g, '-')}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const changed: Array<{ group: AgeGroup; url: string }> = [];
    const found: Partial<Record<AgeGroup, string>> = {};
    for (const group of season.age_groups) {
      const parsed = v.safeParse(TeamLinkInputSchema, { age_group: group, url: values[group] ?? '' });
      if (!parsed.success) found[group] = parsed.issues[0].message;
      else if (parsed.output.url !== saved(group)) changed.push({ group, url: parsed.output.url });
    }
    setErrors(found);
    const firstWrong = season.age_groups.find((g) => found[g]);
    if (firstWrong) {
      form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(idOf(firstWrong))}`)?.focus();
      return;
    }
    if (!changed.length) {
      notify.success(t.teamLinksUnchanged);
      return;
    }
    setBusy(true);
    const done: string[] = [];
    try {
      for (const { group, url } of changed) {
        try {
          await setTeamLink(season.id, group, url);
        } catch (err) {
          notify.error(`${group}: ${serverMessageOr(err, t.teamLinkFailed)}`);
          return;
        }
        onSaved(group, url);
        setValues((all) => ({ ...all, [group]: url }));
        done.push(group);
      }
      notify.success(
        changed.length === 1
          ? changed[0]!.url
            ? t.teamLinkSaved(changed[0]!.group)
            : t.teamLinkRemoved(changed[0]!.group)
          : t.teamLinksSaved(done.length),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="admin-team-links" noValidate onSubmit={(e) => void submit(e)}>
      {season.age_groups.map((group) => {
        const id = idOf(group);
        const value = values[group] ?? '';
        return (
          <div key={group} className="admin-team-link">
            <label htmlFor={id}>{t.teamLinkLabel(group)}</label>
            <input
              {...controlProps(id, errors[group])}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://go.teamsnap.com/…"
              // The whole link on hover, however narrow the field.
              title={value || undefined}
              value={value}
              onChange={(e) => {
                const next = e.target.value;
                setValues((all) => ({ ...all, [group]: next }));
                if (errors[group]) setErrors((all) => ({ ...all, [group]: undefined }));
              }}
            />
            <FieldError id={id} error={errors[group]} />
          </div>
        );
      })}
      <p className="admin-form-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t.saving : t.saveTeamLinks}
        </button>
      </p>
    </form>
  );
}

export const TeamLinks = memo(function TeamLinks({
  season,
  notify,
  onSaved,
}: {
  season: AdminSeason;
  notify: Notify;
  onSaved: (group: AgeGroup, url: string) => void;
}) {
  const set = season.age_groups.filter((g) => season.teamsnap_links[g]).length;
  return (
    <details className="admin-disclosure">
      <summary>
        <span>
          {t.teamLinks}{' '}
          <span className="admin-summary-note">({t.teamLinksSet(set, season.age_groups.length)})</span>
        </span>
      </summary>
      <p className="form-note">{t.teamLinksNote}</p>
      {/* Keyed by season: another season's form starts from that season's saved links. */}
      <TeamLinksForm key={season.id} season={season} notify={notify} onSaved={onSaved} />
    </details>
  );
});
