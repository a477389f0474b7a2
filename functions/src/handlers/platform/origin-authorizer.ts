/**
 * The HTTP API's Lambda authorizer: only requests that came through CloudFront reach a handler. API Gateway
 * answers 401 by itself, without running this, when x-origin-verify or CloudFront-Viewer-Address is missing
 * (both are its identity sources), and caches each answer for the pair of values, so a flood straight at the
 * execute-api endpoint runs no endpoint's function, touches no table and sends no mail. The visitor's
 * address goes back as context for the access log ($context.authorizer.viewerIp); because the address is
 * part of the cache key, a cached answer never carries another visitor's address.
 *
 * Not a route of the route table: it guards them all. No wrapper either: an authorizer answers
 * {isAuthorized}, not HTTP, and must never throw its way into a 500 for a wrong secret.
 */
import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import { getOriginVerify, ORIGIN_VERIFY_HEADER } from '../../lib/config';
import { isOriginSecret, VIEWER_ADDRESS_HEADER, viewerIp } from '../../lib/origin';

export interface OriginContext {
  /** The visitor's IP address, or '' when refused. */
  readonly viewerIp: string;
}

export async function handler(
  event: APIGatewayRequestAuthorizerEventV2,
): Promise<APIGatewaySimpleAuthorizerWithContextResult<OriginContext>> {
  const headers = event.headers ?? {};
  // An unset secret (only off AWS) refuses everything: this lock never opens by misconfiguration.
  const authorized = isOriginSecret(headers[ORIGIN_VERIFY_HEADER], await getOriginVerify());
  return {
    isAuthorized: authorized,
    context: { viewerIp: (authorized && viewerIp(headers[VIEWER_ADDRESS_HEADER])) || '' },
  };
}
