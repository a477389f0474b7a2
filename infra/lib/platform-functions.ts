/**
 * The API's functions that are not route-table rows, declared once: the API stack builds them, the bench
 * measures them. No CDK here, so the bench stays light (like bundling.ts).
 */
export const PLATFORM_FUNCTIONS = {
  /** In front of every route: lets only CloudFront's requests through (x-origin-verify). */
  originAuthorizer: { handler: 'platform/origin-authorizer' },
  /** SES's bounces, complaints and deliveries, from EventBridge. */
  mailEvents: { handler: 'mail/ses-events' },
  /** Result mails in bulk, from the result-mail queue (SQS event source). */
  resultMailWorker: { handler: 'workers/result-mail' },
} as const;
