/**
 * The forms' submit button and, beside it, what a registration under way is waiting for (issue 43): on a
 * busy night the answer can take many seconds, and the page says whom it is registering meanwhile. The live
 * region is there from the start, so a screen reader announces the words as they appear.
 */
import { tryoutMessages as t } from './messages';

export function RegisterButton({
  busy,
  retry,
  waitingFor,
}: {
  /** A registration is under way: the button is disabled against a second tap. */
  busy: boolean;
  /** The last try got no answer: the same button tries again, with everything entered kept. */
  retry: boolean;
  /** What the page says while busy: "Registering Mina and Leo…". */
  waitingFor: string;
}) {
  return (
    <div className="tryout-submit">
      {/* No double submit: disabled from the first tap on, and with the default button disabled the form
          cannot be submitted by Enter either. */}
      <button type="submit" className="button button-submit" disabled={busy}>
        {busy ? t.registering : retry ? t.tryAgain : t.register}
      </button>
      <p role="status" className="tryout-progress">
        {busy ? waitingFor : ''}
      </p>
    </div>
  );
}
