import type { PageMeta } from '../lib/page-meta';
import '../features/auth/auth.css';
import '../features/household/household.css';
import { PlayerOnly } from '../features/auth/require-session';
import { addAthlete } from '../features/household/api';
import { AthleteForm } from '../features/household/athlete-form';
import { tryoutMessages as t } from '../features/tryouts/messages';
import {
  loadingTryoutCard,
  SignedOutTryoutCard,
  TryoutRegistration,
  type FirstChildForm,
} from '../features/tryouts/tryout-registration';
import { useNavigate } from 'react-router-dom';

/** Prerendered as its frame (issue 20) and kept out of search engines, like every account screen. */
export const meta: PageMeta = {
  title: 'Tryout Registration',
  description: 'Register for Summit Basketball’s tryouts.',
  noindex: true,
};

/** A parent's first child, asked for on /tryout itself (issue 36): the household's athlete form. */
const FirstChild: FirstChildForm = (props) => <FirstChildAthlete {...props} />;

function FirstChildAthlete({ onAdded, copyFrom, onCancel }: Parameters<FirstChildForm>[0]) {
  const navigate = useNavigate();
  return (
    <AthleteForm
      title={copyFrom ? t.anotherChildTitle : t.firstChildTitle}
      submitLabel={copyFrom ? t.anotherChildSave : t.firstChildSave}
      copyFrom={copyFrom}
      onSubmit={async (input) => {
        onAdded(await addAthlete(input));
      }}
      onCancel={onCancel ?? (() => navigate('/dashboard'))}
    />
  );
}

/**
 * /tryout (spec §2): a signed-in player registers for the active season's tryouts. Until the session is
 * known the screen shows the card it starts with, loading (issue 20); a visitor not signed in is told what
 * happens next (issue 36).
 */
export default function TryoutPage() {
  return (
    <div className="screen-frame">
      <PlayerOnly frame={loadingTryoutCard()} signedOut={<SignedOutTryoutCard />}>
        <TryoutRegistration firstChildForm={FirstChild} />
      </PlayerOnly>
    </div>
  );
}
