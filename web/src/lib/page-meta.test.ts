import { describe, expect, it } from 'vitest';
import { renderHead } from './page-head';
import { applyHead } from './page-meta';

const meta = { title: 'Fall Teams', description: 'Girls 15U & 17U, "boys" <too>.' };

describe('page head tags', () => {
  it('renders the title, description, canonical link and social preview tags, escaped', () => {
    const html = renderHead(meta, '/FallTeams');

    expect(html).toContain('<title>Fall Teams | Edmonton Summit Basketball Club</title>');
    expect(html).toContain(
      '<meta name="description" content="Girls 15U &amp; 17U, &quot;boys&quot; &lt;too&gt;." data-page-meta>',
    );
    expect(html).toContain(
      '<link rel="canonical" href="https://www.summitbasketball.ca/FallTeams" data-page-meta>',
    );
    expect(html).toContain('property="og:title" content="Fall Teams | Edmonton Summit Basketball Club"');
    expect(html).toContain('property="og:image" content="https://www.summitbasketball.ca/og-image.jpg"');
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
  });

  it('marks pages kept out of search engines and gives them no canonical link', () => {
    const html = renderHead({ ...meta, noindex: true }, '/nope');

    expect(html).toContain('<meta name="robots" content="noindex" data-page-meta>');
    expect(html).not.toContain('canonical');
  });

  it('replaces the previous page’s tags on client-side navigation, leaving no social tag of the page first opened', () => {
    document.head.insertAdjacentHTML('beforeend', renderHead(meta, '/FallTeams'));
    applyHead(document, { ...meta, noindex: true }, '/nope');
    applyHead(document, { title: 'Contact Us', description: 'E-mail us.' }, '/contact');

    expect(document.title).toBe('Contact Us | Edmonton Summit Basketball Club');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'E-mail us.');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://www.summitbasketball.ca/contact',
    );
    expect(document.head.querySelector('meta[property="og:url"]')).toBeNull();
    expect(document.head.querySelector('meta[name="twitter:title"]')).toBeNull();
  });
});
