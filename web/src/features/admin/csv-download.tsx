/**
 * Download CSV (issue 8, beyond the spec): the season's rows as a spreadsheet file, fetched with the bearer
 * token (a plain link could not carry it) and saved under the server's file name.
 */
import { useState } from 'react';
import type { AdminSeason } from '@club/shared/types';
import type { Notify } from '../../components/toast';
import { exportTryouts } from './api';
import { adminMessages as t } from './messages';
import { saveFile } from '../../lib/save-file';

/** "Fall 2025 Tryouts" → "fall-2025-tryouts-registrations.csv", when the server names no file. */
function fallbackName(season: AdminSeason): string {
  const slug = season.name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'season'}-registrations.csv`;
}

export function CsvDownload({ season, notify }: { season: AdminSeason; notify: Notify }) {
  const [busy, setBusy] = useState(false);
  // Medical notes never go in the file unless asked for, each time (issue 36).
  const [medical, setMedical] = useState(false);
  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      const file = await exportTryouts(season.id, medical);
      saveFile(file.blob, file.filename ?? fallbackName(season));
    } catch {
      notify.error(t.csvFailed);
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="admin-csv">
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={busy || undefined}
        onClick={() => void download()}
      >
        {busy ? t.preparingCsv : t.downloadCsv}
      </button>
      <label className="admin-csv-medical">
        <input type="checkbox" checked={medical} onChange={(e) => setMedical(e.target.checked)} />{' '}
        {t.csvMedical}
      </label>
    </span>
  );
}
