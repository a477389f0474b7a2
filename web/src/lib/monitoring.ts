/**
 * Browser error reporting through @sentry/react, on only when VITE_SENTRY_DSN is set at build time. The SDK is
 * loaded with a dynamic import once the page has painted, so it is never part of the initial JavaScript;
 * errors raised before then are kept and sent when it arrives. Reports carry no personal data: no user, no
 * request headers, cookies or bodies, and URLs lose their query string and any token in the path.
 */
import type { Breadcrumb, Event } from '@sentry/react';

const dsn: string | undefined = import.meta.env.VITE_SENTRY_DSN || undefined;

type Sentry = typeof import('@sentry/react');
let sentry: Promise<Sentry> | undefined;

/** A URL or path without its query, fragment, or the token of a password-reset link. */
export function scrubUrl(url: string): string {
  return url.replace(/[?#].*$/, '').replace(/\/reset-password\/[^/]+/i, '/reset-password/[token]');
}

export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb | null {
  // Console output can echo what someone typed; it is not worth the risk.
  if (breadcrumb.category === 'console') return null;
  const data = breadcrumb.data ? { ...breadcrumb.data } : undefined;
  if (data) {
    for (const key of ['url', 'from', 'to']) {
      if (typeof data[key] === 'string') data[key] = scrubUrl(data[key]);
    }
  }
  return { ...breadcrumb, ...(data ? { data } : {}) };
}

export function scrubEvent<T extends Event>(event: T): T {
  delete event.user;
  if (event.request) event.request = event.request.url ? { url: scrubUrl(event.request.url) } : {};
  if (event.transaction) event.transaction = scrubUrl(event.transaction);
  if (event.breadcrumbs) {
    event.breadcrumbs = event.breadcrumbs
      .map(scrubBreadcrumb)
      .filter((breadcrumb: Breadcrumb | null): breadcrumb is Breadcrumb => breadcrumb !== null);
  }
  return event;
}

function loadSentry(): Promise<Sentry> {
  sentry ??= import('@sentry/react').then((Sentry) => {
    Sentry.init({
      dsn,
      environment: import.meta.env.MODE,
      integrations: [
        Sentry.browserTracingIntegration({
          beforeStartSpan: (options) => ({ ...options, name: scrubUrl(options.name) }),
        }),
      ],
      // Spec §9: error reporting samples all traces.
      tracesSampleRate: 1.0,
      // No personal data (SDK 11's replacement for sendDefaultPii: false): no user, cookies, headers,
      // bodies, query strings or local variables.
      dataCollection: {
        userInfo: false,
        cookies: false,
        httpHeaders: false,
        httpBodies: [],
        urlQueryParams: false,
        stackFrameVariables: false,
      },
      beforeSend: scrubEvent,
      beforeSendTransaction: scrubEvent,
      beforeBreadcrumb: scrubBreadcrumb,
    });
    return Sentry;
  });
  return sentry;
}

/** Loads and starts error reporting after the page's first paint, when the browser is idle. */
export function startMonitoringAfterPaint(): void {
  if (!dsn) return;
  const early: unknown[] = [];
  const keepError = (event: globalThis.ErrorEvent) => early.push(event.error);
  const keepRejection = (event: PromiseRejectionEvent) => early.push(event.reason);
  addEventListener('error', keepError);
  addEventListener('unhandledrejection', keepRejection);
  const start = () =>
    void loadSentry().then((Sentry) => {
      removeEventListener('error', keepError);
      removeEventListener('unhandledrejection', keepRejection);
      for (const error of early.splice(0)) Sentry.captureException(error);
    });
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(start, { timeout: 4000 })
      : setTimeout(start);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}

/** Reports an error a React error boundary caught. */
export function reportRenderError(error: unknown, componentStack?: string | null): void {
  if (!dsn) return;
  void loadSentry().then((Sentry) =>
    Sentry.captureException(error, { contexts: { react: { componentStack: componentStack ?? '' } } }),
  );
}
