/**
 * The Content-Security-Policy every page is served with, declared once: CloudFront's response-headers
 * policy (infra web stack) and the local site server both send this value.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Scripts from the site itself, and the one inline script, web/src/paint-first.js, by its SHA-256: each
  // prerendered page holds it so that its first paint waits on no script file (a web test checks the hash).
  "script-src 'self' 'sha256-eNOQtk8wf+EvZCtXpsV4zUK+7lD0JVoCYm6fa7JuMZw='",
  "style-src 'self'",
  "img-src 'self' data:",
  // Browser error reports go to Sentry's ingest hosts (EU/default and US regions).
  "connect-src 'self' https://*.ingest.sentry.io https://*.ingest.us.sentry.io",
  "frame-ancestors 'none'",
  // Card payments leave by a redirect to Stripe Checkout.
  "form-action 'self' https://checkout.stripe.com",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');
