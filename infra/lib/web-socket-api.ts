import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { WebSocketRouteDef } from '#functions/contract';
import { acknowledge } from './acknowledge.ts';
import { pascalCase } from './names.ts';

export interface WebSocketGatewayProps {
  stageName?: string;
  throttle?: { rateLimit: number; burstLimit: number };
  /** Keep the access log group when the stack goes (production). */
  retainLogs?: boolean;
}

/**
 * WebSocket API behind CloudFront `/ws`. `$connect` is authorised by the handler with a single-use ticket
 * from `POST /api/ws/ticket`, so no API Gateway authorizer is attached.
 */
export class WebSocketGateway extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  /** One JSON line per connect, message and disconnect (API Gateway's standard fields), kept three months. */
  readonly accessLogs: LogGroup;
  private readonly integrations = new Map<string, WebSocketLambdaIntegration>();

  constructor(scope: Construct, id: string, props: WebSocketGatewayProps = {}) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'WebSocketApi');
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stageName ?? 'prod',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            status: '$context.status',
            connectionId: '$context.connectionId',
          }),
        ),
      },
    });

    // Unlike HTTP APIs, a WebSocket stage logs through the account's API Gateway CloudWatch role, and the
    // stage fails to deploy when the account has none. The role is retained: the account setting (one per
    // account and region) keeps pointing at it after this stack is deleted, for every other stack's APIs.
    const logsRole = new Role(this, 'CloudWatchLogsRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs'),
      ],
    });
    logsRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledge(
      logsRole,
      'The policy API Gateway documents for the account’s CloudWatch role: the role serves every API of the account and region, so it cannot be narrowed to this stack’s log groups.',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
    );
    const account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: logsRole.roleArn });
    this.stage.node.addDependency(account);
  }

  addRoute(route: WebSocketRouteDef, fn: IFunction): void {
    let integration = this.integrations.get(route.function);
    if (!integration) {
      integration = new WebSocketLambdaIntegration(`${pascalCase(route.function)}Integration`, fn);
      this.integrations.set(route.function, integration);
    }
    const created = this.api.addRoute(route.route, { integration });
    // A browser cannot send an Authorization header with a WebSocket, so API Gateway has nothing to check.
    acknowledge(
      created,
      route.route === '$connect'
        ? '$connect is authorised by its handler: a single-use ticket from POST /api/ws/ticket (a signed-in call) and an allowed Origin.'
        : 'Runs only on a connection that $connect accepted (ticket and Origin checked there).',
      'AwsSolutions-APIG4',
    );
  }
}
