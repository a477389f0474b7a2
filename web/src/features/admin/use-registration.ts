/**
 * A season's registration window (spec §2 OPEN/CLOSED, §7 GET and PATCH /admin/seasons/{id}/registration).
 * The season list already says whether it is open; the page asks again for the selected season, since
 * another admin may have changed it since.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AdminSeason } from '@club/shared/types';
import type { Notify } from '../../components/toast';
import { getRegistrationStatus, setRegistrationStatus } from './api';
import { adminMessages as t } from './messages';

export function useRegistration(
  season: AdminSeason | null,
  notify: Notify,
  onSeasonChanged: (id: string, change: (season: AdminSeason) => AdminSeason) => void,
) {
  const [busy, setBusy] = useState(false);
  const seasonId = season?.id ?? null;

  useEffect(() => {
    if (!seasonId) return;
    let current = true;
    getRegistrationStatus(seasonId).then(
      ({ is_registration_open }) => {
        if (current) onSeasonChanged(seasonId, (s) => ({ ...s, is_registration_open }));
      },
      () => {
        if (current) notify.error(t.loadRegistrationFailed);
      },
    );
    return () => {
      current = false;
    };
  }, [seasonId, notify, onSeasonChanged]);

  const toggle = useCallback(async () => {
    if (!season || busy) return;
    const open = !season.is_registration_open;
    setBusy(true);
    try {
      const answer = await setRegistrationStatus(season.id, open);
      const isOpen = answer?.season?.is_registration_open ?? open;
      onSeasonChanged(season.id, (s) => ({ ...s, is_registration_open: isOpen }));
      notify.success(isOpen ? t.registrationOpened : t.registrationClosed);
    } catch {
      notify.error(t.registrationFailed);
    } finally {
      setBusy(false);
    }
  }, [season, busy, notify, onSeasonChanged]);

  return { busy, toggle };
}
