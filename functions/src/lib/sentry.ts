/**
 * Error reporting. Sentry's SDK is loaded only when a DSN is configured, so functions without one
 * pay nothing at cold start; events carry no request bodies, headers, cookies or user details.
 */
import { getSentryDsn } from './config';
import { log } from './log';

type SentryModule = typeof import('@sentry/aws-serverless');
let sentry: Promise<SentryModule | null> | undefined;

async function load(): Promise<SentryModule | null> {
  const sentryDsn = await getSentryDsn();
  if (!sentryDsn) return null;
  const Sentry = await import('@sentry/aws-serverless');
  Sentry.init({
    dsn: sentryDsn,
    environment: process.env.STAGE ?? 'local',
    sendDefaultPii: false,
    tracesSampleRate: 1.0,
    beforeSend(event) {
      delete event.request;
      delete event.user;
      return event;
    },
  });
  return Sentry;
}

/** Reports an unexpected error with the route's name only; waits briefly so Lambda does not freeze first. */
export async function reportError(error: unknown, route: string): Promise<void> {
  try {
    sentry ??= load();
    const Sentry = await sentry;
    if (!Sentry) return;
    Sentry.withScope((scope) => {
      scope.setTag('route', route);
      Sentry.captureException(error);
    });
    await Sentry.flush(2000);
  } catch (reportingError) {
    log.warn('error reporting failed', { route, reason: String(reportingError) });
  }
}
