import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  type HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { HttpRouteDef } from '#functions/contract';
import { acknowledge } from './acknowledge.ts';
import { pascalCase } from './names.ts';

/**
 * Why each public route (manifest `auth: 'public'`) answers without a token. A public route missing here
 * keeps cdk-nag's AwsSolutions-APIG4 finding, so the stack tests fail until someone writes down why.
 */
const publicRouteReasons: Readonly<Record<string, string>> = {
  'GET /api/health': 'The liveness check: it reads nothing and says only that the API answers.',
  'GET /api/flags': 'Feature flags the signed-out pages need too; they hold no user data.',
  'POST /api/webhooks/stripe':
    'Stripe calls it without a token: the handler verifies Stripe’s signature on the raw body (and its age) before anything else.',
};

export interface ApiProps {
  /** Cognito issuer URL and the app client id the tokens must be issued to. */
  jwtIssuer: string;
  jwtAudience: string[];
  alarmTopic: ITopic;
  throttle?: { rateLimit: number; burstLimit: number };
  /** Keep the access log group when the stack goes (production). */
  retainLogs: boolean;
}

/** HTTP API behind CloudFront `/api/*`: Cognito JWT authorizer, one Lambda integration per function. */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** One JSON line per request (API Gateway's standard fields), kept three months. */
  readonly accessLogs: LogGroup;
  readonly serverErrorAlarm: Alarm;
  private readonly authorizer: HttpJwtAuthorizer;
  private readonly integrations = new Map<string, HttpLambdaIntegration>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    // Same origin through CloudFront, so no CORS; the default stage is made below to carry throttling.
    this.httpApi = new HttpApi(this, 'HttpApi', { createDefaultStage: false });
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 100, burstLimit: 200 },
      // HTTP APIs write access logs through a service-linked role: no account setting needed.
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        // No user data: the route, never the query string or a body; the caller's IP for abuse reports.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });

    this.authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', props.jwtIssuer, {
      jwtAudience: props.jwtAudience,
    });

    this.serverErrorAlarm = new Alarm(this, 'ServerErrorAlarm', {
      alarmDescription: 'The HTTP API answered with 5xx',
      metric: this.httpApi.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.serverErrorAlarm.addAlarmAction(new SnsAction(props.alarmTopic));
  }

  /** Adds a manifest route; `user` and `staff` need a valid access token (roles are checked in the handler). */
  addRoute(route: HttpRouteDef, fn: IFunction): void {
    const isPublic = route.auth === 'public';
    const routes = this.httpApi.addRoutes({
      path: route.path,
      methods: [HttpMethod[route.method]],
      integration: this.integrationFor(route.function, fn),
      authorizer: isPublic ? new HttpNoneAuthorizer() : this.authorizer,
    });
    const reason = isPublic ? publicRouteReasons[`${route.method} ${route.path}`] : undefined;
    if (reason) for (const created of routes) acknowledge(created, reason, 'AwsSolutions-APIG4');
  }

  private integrationFor(name: string, fn: IFunction): HttpLambdaIntegration {
    let integration = this.integrations.get(name);
    if (!integration) {
      integration = new HttpLambdaIntegration(`${pascalCase(name)}Integration`, fn);
      this.integrations.set(name, integration);
    }
    return integration;
  }
}
