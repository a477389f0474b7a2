/**
 * Team links (issue 8): one TeamSnap link per age group of the season, https only (the shared
 * TeamLinkInputSchema and its message), shown to that group's selected players and in their result mail.
 * Each group saves on its own; a refusal keeps what was typed.
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

function TeamLinkForm({
  season,
  group,
  notify,
  onSaved,
}: {
  season: AdminSeason;
  group: AgeGroup;
  notify: Notify;
  onSaved: (group: AgeGroup, url: string) => void;
}) {
  const saved = season.teamsnap_links[group] ?? '';
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = `${useId()}-link`;
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed = v.safeParse(TeamLinkInputSchema, { age_group: group, url: value });
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      input.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await setTeamLink(season.id, group, parsed.output.url);
      onSaved(group, parsed.output.url);
      setValue(parsed.output.url);
      notify.success(parsed.output.url ? t.teamLinkSaved(group) : t.teamLinkRemoved(group));
    } catch (err) {
      notify.error(serverMessageOr(err, t.teamLinkFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-team-link" noValidate onSubmit={(e) => void submit(e)}>
      <label htmlFor={id}>{t.teamLinkLabel(group)}</label>
      <div className="admin-team-link-row">
        <input
          {...controlProps(id, error)}
          ref={input}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://go.teamsnap.com/…"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            if (error) setError(undefined);
          }}
        />
        <button
          type="submit"
          className="button button-secondary"
          aria-disabled={busy || undefined}
          aria-label={`${t.save} ${t.teamLinkLabel(group)}`}
        >
          {busy ? t.saving : t.save}
        </button>
      </div>
      <FieldError id={id} error={error} />
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
      <div className="admin-team-links">
        {season.age_groups.map((group) => (
          // Keyed by season too: another season's form starts from that season's saved link.
          <TeamLinkForm
            key={`${season.id}:${group}`}
            season={season}
            group={group}
            notify={notify}
            onSaved={onSaved}
          />
        ))}
      </div>
    </details>
  );
});
