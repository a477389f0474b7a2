import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  type IHttpApi,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { API_PREFIX, type RouteDefinition } from '@club/shared';
import { routeTimeout } from '../capacity';
import { HandlerFunction, type MailSettings } from '../constructs/handler-function';
import type { StageConfig } from '../stage-config';

export type RouteRow = RouteDefinition & { readonly name: string };

/** Anyone can call it without signing in: a flood needs no account (stage config reservedConcurrency). */
export function isAnonymous(route: RouteDefinition): boolean {
  return route.access === 'public' || route.access === 'stripe-signature';
}

export interface ApiStackProps extends StackProps {
  readonly config: StageConfig;
  /** The HTTP API (created bare in the web stack, which CloudFront points at). */
  readonly api: IHttpApi;
  readonly siteUrl: string;
  readonly table: ITable;
  readonly indexNames: readonly string[];
  readonly secret: ISecret;
  /** The Stripe keys, for the functions whose row has `payments: true` only. */
  readonly stripeSecret: ISecret;
  /** The x-origin-verify value CloudFront sends; every function refuses requests without it. */
  readonly originSecret: ISecret;
  /** The operator-filled Sentry DSN. */
  readonly sentrySecret: ISecret;
  readonly mail: MailSettings;
  /** The route table's rows: routeList() in the app, a purpose-built table in tests. */
  readonly routes: readonly RouteRow[];
}

/** The API's stage and, for every route-table row, one function and one route. Nothing is listed by hand. */
export class ApiStack extends Stack {
  readonly functions: ReadonlyMap<string, HandlerFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, api } = props;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetention,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    new HttpStage(this, 'Stage', {
      httpApi: api,
      stageName: '$default',
      autoDeploy: true,
      // The backstop for the whole API; the functions rate-limit sign-in attempts per e-mail and address.
      throttle: config.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // No headers, query strings or bodies: access logs must not hold tokens or personal data.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            ip: '$context.identity.sourceIp',
            userAgent: '$context.identity.userAgent',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            error: '$context.error.message',
          }),
        ),
      },
    });

    const functions = new Map<string, HandlerFunction>();
    for (const route of props.routes) {
      const id = route.name.charAt(0).toUpperCase() + route.name.slice(1);
      const fn = HandlerFunction.forRoute(this, id, {
        route,
        config,
        table: props.table,
        indexNames: props.indexNames,
        secret: props.secret,
        stripeSecret: props.stripeSecret,
        originSecret: props.originSecret,
        sentrySecret: props.sentrySecret,
        mail: props.mail,
        siteUrl: props.siteUrl,
        timeout: routeTimeout(route),
        ...(isAnonymous(route) &&
          config.reservedConcurrency && { reservedConcurrency: config.reservedConcurrency.anonymousRoute }),
      });
      functions.set(route.name, fn);

      // Routes are registered under /api, exactly as the browser requests them: CloudFront forwards /api/*
      // to the API unchanged (an origin path cannot remove a prefix), and the local server routes the same
      // paths, so no layer rewrites URLs and a path in a log is the path in the route table.
      const httpRoute = new HttpRoute(this, `${id}Route`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(`${API_PREFIX}${route.path}`, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn.function),
      });
      NagSuppressions.addResourceSuppressions(httpRoute, [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            `Access "${route.access}" is enforced inside the handler, first thing, from the route table: ` +
            'public routes are open by design, user/admin routes verify the JWT (admin re-checked against the ' +
            'table), and Stripe’s webhook is verified by its signature over the raw body, which a gateway ' +
            'authorizer could not do. One check in one place, tested by the access-matrix tests.',
        },
      ]);
    }
    this.functions = functions;

    new CfnOutput(this, 'ApiEndpoint', {
      value: api.apiEndpoint,
      description:
        'Direct API Gateway endpoint; the functions refuse calls that skip CloudFront (no x-origin-verify)',
    });
  }
}
