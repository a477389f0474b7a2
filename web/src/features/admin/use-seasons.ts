/**
 * The seasons of the admin area: loaded once (newest first, the first selected, spec §7), a new season put
 * first and selected (it is the active one now), and a season's changes (registration, team links) kept.
 */
import { useCallback, useEffect, useState } from 'react';
import type { NewSeasonInput, UpdateSeasonInput } from '@club/shared/schemas';
import type { AdminSeason } from '@club/shared/types';
import type { Notify } from '../../components/toast';
import { serverMessageOr } from '../../lib/api-client';
import { createSeason, listSeasons, updateSeason } from './api';
import { adminMessages as t } from './messages';

export type SeasonsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; seasons: AdminSeason[] };

export function useSeasons(notify: Notify) {
  const [state, setState] = useState<SeasonsState>({ status: 'loading' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    listSeasons().then(
      (seasons) => {
        if (!current) return;
        setState({ status: 'ready', seasons });
        setSelectedId((id) => (id && seasons.some((s) => s.id === id) ? id : (seasons[0]?.id ?? null)));
      },
      () => {
        if (!current) return;
        setState({ status: 'failed' });
        notify.error(t.fetchSeasonsFailed);
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, notify]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  /** Creates a season; true when it was created (the form then clears), false when the server refused. */
  const create = useCallback(
    async (input: NewSeasonInput): Promise<boolean> => {
      let season: AdminSeason;
      try {
        season = await createSeason(input);
      } catch {
        notify.error(t.createSeasonFailed);
        return false;
      }
      setState((s) => ({
        status: 'ready',
        seasons: [
          season,
          ...(s.status === 'ready' ? s.seasons : [])
            .filter((other) => other.id !== season.id)
            .map((other) => ({ ...other, is_active: false })),
        ],
      }));
      setSelectedId(season.id);
      notify.success(t.seasonCreated(season.name));
      return true;
    },
    [notify],
  );

  /** Saves a season's settings and keeps what the server wrote; true when saved. */
  const saveSettings = useCallback(
    async (id: string, input: UpdateSeasonInput): Promise<boolean> => {
      let season: AdminSeason;
      try {
        season = await updateSeason(id, input);
      } catch (error) {
        notify.error(serverMessageOr(error, t.settingsFailed));
        return false;
      }
      setState((s) =>
        s.status === 'ready' ? { ...s, seasons: s.seasons.map((x) => (x.id === id ? season : x)) } : s,
      );
      notify.success(t.settingsSaved);
      return true;
    },
    [notify],
  );

  /** Keeps a season's newer state (e.g. its registration or team links) in the list. */
  const update = useCallback((id: string, change: (season: AdminSeason) => AdminSeason) => {
    setState((s) =>
      s.status === 'ready' ? { ...s, seasons: s.seasons.map((x) => (x.id === id ? change(x) : x)) } : s,
    );
  }, []);

  const seasons = state.status === 'ready' ? state.seasons : [];
  const selected = seasons.find((s) => s.id === selectedId) ?? null;
  return { state, seasons, selected, select: setSelectedId, retry, create, saveSettings, update };
}
