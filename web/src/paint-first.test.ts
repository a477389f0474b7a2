import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '@club/shared';
import { paintFirstScript, scriptHashSource } from '../prerender/paint-first';

describe('the inline paint-first script and the CSP', () => {
  it('is allowed by the CSP by its SHA-256, so editing it means naming its new hash there', () => {
    expect(CONTENT_SECURITY_POLICY).toContain(scriptHashSource(paintFirstScript()));
  });

  it('is the only inline script the CSP allows: no unsafe-inline, no other hash, no nonce', () => {
    const scriptSrc = CONTENT_SECURITY_POLICY.split('; ').find((directive) =>
      directive.startsWith('script-src'),
    );

    expect(scriptSrc).toBe("script-src 'self' 'sha256-4A9D+Ys67Z2P1T/lkB41GeGW8GOAi87kuRsT2eHNZJQ='");
  });
});
