import { SOCIAL_LINKS } from '../content/contact';

/** The club's social accounts, each opening in a new tab. */
export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul className={`social-links${className ? ` ${className}` : ''}`}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.name}>
          <a href={link.url} target="_blank" rel="noopener noreferrer">
            {link.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
