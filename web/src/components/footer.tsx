import { Link } from 'react-router-dom';
import { CLUB, LOCATION_TEXT } from '../content/club';
import { EMAILS, mailto, SOCIAL_LINKS } from '../content/contact';
import { SocialLinks } from './social-links';

const COLUMNS = [
  {
    title: 'About',
    links: [
      { label: 'Our Mission', to: '/about#mission' },
      { label: 'Why Choose Us', to: '/about#why-choose-us' },
      { label: 'Upcoming Events', to: '/#upcoming-events' },
      { label: 'Contact Us', to: '/contact' },
    ],
  },
  {
    title: 'Programs/Events',
    links: [
      { label: 'Fall Teams', to: '/FallTeams' },
      { label: 'Spring Teams', to: '/SpringTeams' },
      { label: 'Winter Programming', to: '/WinterProgramming' },
      { label: 'Training/Camps', to: '/Training' },
      { label: 'Tournaments', to: '/Tournaments' },
      { label: 'Tryout Information', to: '/tryout-information' },
    ],
  },
  { title: 'Impact', links: [{ label: 'Testimonials', to: '/testimonials' }] },
  { title: 'Get Involved', links: [{ label: 'Sponsorship', to: '/sponsorship' }] },
] as const;

/** The marketing footer (spec §2): contact, About, Programs/Events, Impact and Get Involved columns. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <section className="footer-column footer-contact" aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <p className="footer-club">{CLUB.name}</p>
          <p>{LOCATION_TEXT}</p>
          <p>
            <a href={mailto(EMAILS.general)}>{EMAILS.general}</a>
          </p>
          {SOCIAL_LINKS.length ? <SocialLinks className="footer-social" /> : null}
        </section>
        {COLUMNS.map((column, index) => (
          <section key={column.title} className="footer-column" aria-labelledby={`footer-col-${index}`}>
            <h2 id={`footer-col-${index}`}>{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="footer-bottom">
        <p>
          © {CLUB.copyrightYear} {CLUB.name}
        </p>
        <ul className="footer-legal">
          <li>
            <Link to="/privacy">Privacy Policy</Link>
          </li>
          <li>
            <Link to="/terms">Terms of Use</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
