import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '@club/shared';
import { publicReadPath } from '@club/shared/public-paths';
import { paintFirstScript, scriptHashSource } from '../prerender/paint-first';

describe('the inline paint-first script and the CSP', () => {
  it('is allowed by the CSP by its SHA-256, so editing it means naming its new hash there', () => {
    expect(CONTENT_SECURITY_POLICY).toContain(scriptHashSource(paintFirstScript()));
  });

  it('is the only inline script the CSP allows: no unsafe-inline, no other hash, no nonce', () => {
    const scriptSrc = CONTENT_SECURITY_POLICY.split('; ').find((directive) =>
      directive.startsWith('script-src'),
    );

    expect(scriptSrc).toBe("script-src 'self' 'sha256-eNOQtk8wf+EvZCtXpsV4zUK+7lD0JVoCYm6fa7JuMZw='");
  });
});

describe('the inline paint-first script and the active season', () => {
  it('asks for the active season at the public route the app reads it from', () => {
    // The app takes this request's answer (lib/season-events.ts), so the two must name the same route.
    expect(publicReadPath('getActiveSeason')).toBe('/api/seasons/active');
    expect(paintFirstScript()).toMatch(/window\.clubActiveSeason=fetch\([`'"]\/api\/seasons\/active[`'"]\)/);
  });

  it('goes into the pages minified: no comment, no indentation', () => {
    const script = paintFirstScript();

    expect(script).not.toMatch(/\/\*|\/\/ |\n {2}/);
    expect(script).toContain('clubEarlyPresses');
  });
});
