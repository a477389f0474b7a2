/**
 * The tryout result on the dashboard card in the result mail's tone (issue 18): a congratulation and the next
 * step for a selected player, and for one not selected the same kind words and what comes next. The spec's
 * status line ("Selected" / "Not Selected") stays in the card's details.
 */
import { Link } from 'react-router-dom';
import type { MyTryout } from '@club/shared/types';
import { tryoutMessages as t } from './messages';

export function ResultNote({ tryout, name }: { tryout: MyTryout; name: string | null }) {
  if (tryout.withdrawn || !tryout.age_group || !tryout.season) return null;
  if (tryout.result === 'selected') {
    return (
      <div className="tryout-result tryout-result-selected">
        <h3>{t.selectedTitle(name)}</h3>
        <p>{t.selectedText(name ?? 'You', tryout.age_group, tryout.season)}</p>
        <p>{tryout.teamsnap_link ? t.selectedNextWithLink : t.selectedNextNoLink}</p>
      </div>
    );
  }
  if (tryout.result === 'not_selected') {
    return (
      <div className="tryout-result tryout-result-not-selected">
        <h3>{t.notSelectedTitle}</h3>
        <p>{t.notSelectedText(tryout.age_group, tryout.season)}</p>
        <p>{t.notSelectedNext}</p>
        <p className="tryout-actions">
          <Link className="button button-secondary" to="/Training">
            {t.campsAndTraining}
          </Link>
          <Link className="button button-secondary" to="/WinterProgramming">
            {t.winterProgramming}
          </Link>
        </p>
      </div>
    );
  }
  return null;
}
