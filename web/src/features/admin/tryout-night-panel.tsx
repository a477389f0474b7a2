/**
 * Tryout night, as the admin prepares it (issue 37): the season's helpers (invite by e-mail for check-in or
 * for scoring some age groups; see who accepted; remove) and what evaluators score (criteria and scale).
 * Each form checks with the shared schema first and keeps what was typed when the server refuses.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { AgeGroup } from '@club/shared/constants';
import {
  HELPER_ROLE_LABELS,
  HELPER_ROLES,
  MAX_CRITERIA,
  type Criterion,
  type HelperRole,
  type SeasonHelper,
} from '@club/shared/tryout-night';
import { CriteriaSchema, HelperInviteSchema } from '@club/shared/tryout-night-schemas';
import type { Team } from '@club/shared/teams';
import type { AdminSeason } from '@club/shared/types';
import { FieldError, controlProps } from '../../components/form-field';
import type { Notify } from '../../components/toast';
import { serverMessageOr } from '../../lib/api-client';
import { Rankings } from './rankings';
import { listTeams } from './teams-api';
import { getCriteria, inviteHelper, listHelpers, removeHelper, setCriteria } from './tryout-night-api';

/** What a new season scores until the admin changes it (the issue's examples). */
const SUGGESTED: Criterion[] = [
  { key: 'shooting', label: 'Shooting' },
  { key: 'ball-handling', label: 'Ball handling' },
  { key: 'defence', label: 'Defence' },
  { key: 'athleticism', label: 'Athleticism' },
  { key: 'basketball-iq', label: 'Basketball IQ' },
  { key: 'coachability', label: 'Coachability' },
];

/** "Ball handling" → "ball-handling": a criterion's key follows its first label. */
const keyOf = (label: string) =>
  label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30) || 'criterion';

function HelperRow({ helper, onRemove }: { helper: SeasonHelper; onRemove: () => void }) {
  const job =
    helper.role === 'evaluator'
      ? `${HELPER_ROLE_LABELS.evaluator}: ${helper.age_groups.join(', ')}`
      : helper.role === 'coach'
        ? `${HELPER_ROLE_LABELS.coach}: ${helper.team_name ?? ''}`
        : HELPER_ROLE_LABELS['check-in'];
  return (
    <li className="admin-helper">
      <span>
        <strong>{helper.name ?? helper.email}</strong>
        {helper.name ? <span className="admin-summary-note"> {helper.email}</span> : null}
        <br />
        {job} · {helper.status === 'active' ? 'Accepted' : 'Invitation sent'}
      </span>
      <button type="button" className="button button-secondary" onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}

function HelpersForm({ season, notify }: { season: AdminSeason; notify: Notify }) {
  const [helpers, setHelpers] = useState<SeasonHelper[] | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<HelperRole>('check-in');
  const [groups, setGroups] = useState<AgeGroup[]>([]);
  // A coach is invited with one team of the season (issue 45): the teams are read once the job is chosen.
  const [teamId, setTeamId] = useState('');
  const [teams, setTeams] = useState<Team[] | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    let current = true;
    listHelpers(season.id).then(
      (list) => current && setHelpers(list),
      () => current && setHelpers([]),
    );
    return () => {
      current = false;
    };
  }, [season.id]);

  useEffect(() => {
    if (role !== 'coach' || teams !== null) return;
    let current = true;
    listTeams(season.id).then(
      (list) => current && setTeams(list),
      () => current && setTeams([]),
    );
    return () => {
      current = false;
    };
  }, [role, teams, season.id]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const input = {
      email,
      role,
      ...(role === 'evaluator' ? { age_groups: groups } : {}),
      ...(role === 'coach' && teamId ? { team_id: teamId } : {}),
    };
    const parsed = v.safeParse(HelperInviteSchema, input);
    if (!parsed.success) {
      const flat = v.flatten(parsed.issues).nested ?? {};
      setErrors({
        email: flat.email?.[0],
        age_groups: flat.age_groups?.[0],
        role: flat.role?.[0],
        team_id: flat.team_id?.[0],
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setHelpers(await inviteHelper(season.id, parsed.output));
      notify.success(`Invitation sent to ${parsed.output.email}.`);
      setEmail('');
      setGroups([]);
    } catch (error) {
      notify.error(serverMessageOr(error, 'The invitation could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(helper: SeasonHelper) {
    try {
      setHelpers(await removeHelper(season.id, helper.id));
      notify.success(`${helper.name ?? helper.email} no longer helps with ${season.name}.`);
    } catch (error) {
      notify.error(serverMessageOr(error, 'The helper could not be removed. Please try again.'));
    }
  }

  return (
    <>
      {helpers === null ? (
        <p role="status">Loading helpers…</p>
      ) : helpers.length === 0 ? (
        <p className="form-note">No helpers yet.</p>
      ) : (
        <ul className="admin-helpers">
          {helpers.map((h) => (
            <HelperRow key={h.id} helper={h} onRemove={() => void remove(h)} />
          ))}
        </ul>
      )}
      <form className="admin-helper-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="admin-field">
          <label htmlFor={`${id}-email`}>Helper’s e-mail</label>
          <input
            {...controlProps(`${id}-email`, errors.email)}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <FieldError id={`${id}-email`} error={errors.email} />
        </div>
        <fieldset>
          <legend>Job</legend>
          {HELPER_ROLES.map((r) => (
            <label key={r} className="admin-choice">
              <input type="radio" name={`${id}-role`} checked={role === r} onChange={() => setRole(r)} />{' '}
              {r === 'check-in'
                ? 'Check-in at the door'
                : r === 'coach'
                  ? 'Coach (sees one team’s roster)'
                  : 'Evaluator (scores some age groups)'}
            </label>
          ))}
        </fieldset>
        {role === 'evaluator' ? (
          <fieldset aria-describedby={errors.age_groups ? `${id}-groups-error` : undefined}>
            <legend>Age groups they score</legend>
            {season.age_groups.map((g) => (
              <label key={g} className="admin-choice">
                <input
                  type="checkbox"
                  checked={groups.includes(g)}
                  onChange={(e) =>
                    setGroups((all) => (e.target.checked ? [...all, g] : all.filter((x) => x !== g)))
                  }
                />{' '}
                {g}
              </label>
            ))}
            <FieldError id={`${id}-groups`} error={errors.age_groups} />
          </fieldset>
        ) : null}
        {role === 'coach' ? (
          <div className="admin-field">
            <label htmlFor={`${id}-team`}>Team they coach</label>
            <select
              {...controlProps(`${id}-team`, errors.team_id)}
              value={teamId}
              onChange={(e) => setTeamId(e.target.value)}
            >
              <option value="">{teams === null ? 'Loading teams…' : 'Choose a team…'}</option>
              {(teams ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({t.age_group})
                </option>
              ))}
            </select>
            <FieldError id={`${id}-team`} error={errors.team_id} />
          </div>
        ) : null}
        <p className="admin-form-actions">
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {busy ? 'Sending…' : 'Send invitation'}
          </button>
        </p>
      </form>
    </>
  );
}

function CriteriaForm({ season, notify }: { season: AdminSeason; notify: Notify }) {
  const [labels, setLabels] = useState<string[] | null>(null);
  const [keys, setKeys] = useState<string[]>([]);
  const [scaleMax, setScaleMax] = useState('5');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    let current = true;
    getCriteria(season.id).then(
      (saved) => {
        if (!current) return;
        const list = saved.criteria.length ? saved.criteria : SUGGESTED;
        setLabels(list.map((c) => c.label));
        setKeys(list.map((c) => c.key));
        setScaleMax(String(saved.scale_max));
      },
      () => current && setLabels(SUGGESTED.map((c) => c.label)),
    );
    return () => {
      current = false;
    };
  }, [season.id]);

  if (labels === null) return <p role="status">Loading criteria…</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !labels) return;
    const criteria = labels
      .map((label, i) => ({ key: keys[i] || keyOf(label), label: label.trim() }))
      .filter((c) => c.label);
    const parsed = v.safeParse(CriteriaSchema, { criteria, scale_max: Number(scaleMax) });
    if (!parsed.success) {
      setError(parsed.issues[0].message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const saved = await setCriteria(season.id, parsed.output);
      setLabels(saved.criteria.map((c) => c.label));
      setKeys(saved.criteria.map((c) => c.key));
      notify.success('Scoring criteria saved.');
    } catch (err) {
      notify.error(serverMessageOr(err, 'The criteria could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-criteria" noValidate onSubmit={(e) => void submit(e)}>
      <ol>
        {labels.map((label, i) => (
          <li key={i}>
            <label htmlFor={`${id}-c${i}`} className="visually-hidden">
              Criterion {i + 1}
            </label>
            <input
              className="admin-criterion"
              id={`${id}-c${i}`}
              value={label}
              maxLength={40}
              onChange={(e) => setLabels((all) => all!.map((l, j) => (j === i ? e.target.value : l)))}
            />
          </li>
        ))}
      </ol>
      {labels.length < MAX_CRITERIA ? (
        <button
          type="button"
          className="button button-secondary admin-add-criterion"
          onClick={() => setLabels([...labels, ''])}
        >
          Add a criterion
        </button>
      ) : null}
      <div className="admin-field admin-scale">
        <label htmlFor={`${id}-scale`}>Scores from 1 to</label>
        <input
          {...controlProps(`${id}-scale`, error)}
          type="number"
          inputMode="numeric"
          min={3}
          max={10}
          value={scaleMax}
          onChange={(e) => setScaleMax(e.target.value)}
        />
        <FieldError id={`${id}-scale`} error={error} />
      </div>
      <p className="form-note">Empty a criterion’s name to drop it.</p>
      <p className="admin-form-actions">
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? 'Saving…' : 'Save criteria'}
        </button>
      </p>
    </form>
  );
}

/** The "Tryout night" disclosure of the season's settings. */
export function TryoutNightPanel({ season, notify }: { season: AdminSeason; notify: Notify }) {
  // Read once first opened (and kept): the tryout table's page asks for nothing it does not show.
  const [open, setOpen] = useState(false);
  return (
    <details className="admin-disclosure" onToggle={(e) => e.currentTarget.open && setOpen(true)}>
      <summary onClick={() => setOpen(true)}>
        <span>Tryout night: helpers, scoring and rankings</span>
      </summary>
      {open ? <TryoutNightForms season={season} notify={notify} /> : null}
    </details>
  );
}

function TryoutNightForms({ season, notify }: { season: AdminSeason; notify: Notify }) {
  return (
    <>
      <p className="form-note">
        Helpers sign in on their phones: check-in helpers at <a href="/checkin">/checkin</a>, evaluators at{' '}
        <a href="/evaluate">/evaluate</a>. Their access ends a day after the season’s last session. A coach
        sees their team’s roster until you remove them.
      </p>
      <h3>Helpers</h3>
      <HelpersForm key={`h-${season.id}`} season={season} notify={notify} />
      <h3>What evaluators score</h3>
      <CriteriaForm key={`c-${season.id}`} season={season} notify={notify} />
      <h3>Rankings</h3>
      <Rankings key={`r-${season.id}`} season={season} notify={notify} />
    </>
  );
}
