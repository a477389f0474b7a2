import { describe, expect, it } from 'vitest';
import { fileForPath } from './site-server';

describe('the local site server maps paths like the CDN', () => {
  it('serves prerendered pages from their own file', () => {
    expect(fileForPath('/')).toBe('index.html');
    expect(fileForPath('/about')).toBe('about/index.html');
    expect(fileForPath('/FallTeams/Girls/')).toBe('FallTeams/Girls/index.html');
  });

  it('serves the SPA shell for other pages and files as they are', () => {
    expect(fileForPath('/dashboard')).toBe('shell.html');
    expect(fileForPath('/reset-password/abc')).toBe('shell.html');
    expect(fileForPath('/assets/index-abc.js')).toBe('assets/index-abc.js');
  });
});
