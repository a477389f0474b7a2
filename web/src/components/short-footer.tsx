/** The account pages' short footer (issue 18): who to ask, and the privacy policy and terms. */
import { Link } from 'react-router-dom';
import { CLUB } from '../content/club';
import { EMAILS, mailto } from '../content/contact';

export function ShortFooter() {
  return (
    <footer className="short-footer">
      <p>
        {CLUB.name} · <a href={mailto(EMAILS.support)}>{EMAILS.support}</a>
      </p>
      <ul aria-label="Policies">
        <li>
          <Link to="/contact">Contact</Link>
        </li>
        <li>
          <Link to="/privacy">Privacy</Link>
        </li>
        <li>
          <Link to="/terms">Terms</Link>
        </li>
      </ul>
    </footer>
  );
}
