/**
 * A registration on tryout night (issue 37), on the family's dashboard: the check-in QR code to show at the
 * door (drawn on the phone with `qrcode`, loaded only with it), then "Checked in at 6:42 pm" and, once a
 * session of the group has ended, how many evaluators saw the player (never the scores).
 */
import { useEffect, useState } from 'react';
import type { HouseholdTryout } from '@club/shared/types';
import { callApi } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { tryoutMessages as t } from './messages';

type Night = Pick<HouseholdTryout, 'checkin_code' | 'checked_in_at' | 'seen_by'>;

const clock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Edmonton',
  hour: 'numeric',
  minute: '2-digit',
});

/** "6:42 pm" in Edmonton, whatever the phone's own zone. */
export function checkedInTime(iso: string): string {
  return clock.format(new Date(iso)).replace('a.m.', 'am').replace('p.m.', 'pm');
}

function QrCode({ code, label }: { code: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(code, { margin: 1, width: 220, errorCorrectionLevel: 'M' }).then(
        (url) => current && setSrc(url),
      ),
    );
    return () => {
      current = false;
    };
  }, [code]);
  return src ? <img className="tryout-qr" src={src} width={220} height={220} alt={label} /> : null;
}

export function TryoutNightPass({
  night,
  athleteId,
  name,
}: {
  /** The household answer's fields; absent on the player's own card, which reads them itself. */
  night?: Night | undefined;
  athleteId?: string | undefined;
  name?: string | undefined;
}) {
  const { user } = useSession();
  const [own, setOwn] = useState<Night | null>(null);
  useEffect(() => {
    if (night || !user) return;
    let current = true;
    callApi('getHouseholdTryouts').then(
      (list) => current && setOwn(list.find((r) => r.athlete_id === (athleteId ?? user.id)) ?? null),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [night, user, athleteId]);
  const shown = night ?? own;
  if (!shown) return null;
  return (
    <div className="tryout-night">
      {shown.checked_in_at ? (
        <p className="tryout-note">{t.checkedInAt(checkedInTime(shown.checked_in_at))}</p>
      ) : shown.checkin_code ? (
        <>
          <p className="tryout-note">{t.showAtDoor(name)}</p>
          <QrCode code={shown.checkin_code} label={t.checkinCodeLabel(name)} />
        </>
      ) : null}
      {typeof shown.seen_by === 'number' && shown.seen_by > 0 ? (
        <p className="tryout-note">{t.seenBy(shown.seen_by)}</p>
      ) : null}
    </div>
  );
}
