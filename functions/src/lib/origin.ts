/**
 * Telling CloudFront's requests from everyone else's, shared by the handler wrapper (handlers/http.ts) and the
 * API's origin authorizer (handlers/platform/origin-authorizer.ts), so the two locks cannot disagree.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** CloudFront's "ip:port" of the visitor; CloudFront sets it and overwrites any a browser sends. */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** True when `given` is the origin secret; constant-time (hashing first gives equal lengths). */
export function isOriginSecret(given: string | undefined, expected: string): boolean {
  if (!expected) return false;
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given ?? ''), digest(expected));
}

/**
 * The IP address in a CloudFront-Viewer-Address value ("198.51.100.10:46532", "2001:db8::1:46532"), or
 * undefined when the value is missing or is not an address (it goes into logs and rate-limit keys).
 */
export function viewerIp(viewerAddress: string | undefined): string | undefined {
  const ip = viewerAddress?.replace(/:\d+$/, '').trim();
  return ip && /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : undefined;
}
