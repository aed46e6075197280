import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { WebSocketRouteDef } from '#infra/app-manifest';
import { pascalCase } from './names.ts';

export interface WebSocketGatewayProps {
  stageName?: string;
  throttle?: { rateLimit: number; burstLimit: number };
}

/**
 * WebSocket API behind CloudFront `/ws`. `$connect` is authorised by the handler with a single-use ticket
 * from `POST /api/ws/ticket`, so no API Gateway authorizer is attached.
 */
export class WebSocketGateway extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;
  private readonly integrations = new Map<string, WebSocketLambdaIntegration>();

  constructor(scope: Construct, id: string, props: WebSocketGatewayProps = {}) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'WebSocketApi');
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: props.stageName ?? 'prod',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 50, burstLimit: 100 },
    });
  }

  addRoute(route: WebSocketRouteDef, fn: IFunction): void {
    let integration = this.integrations.get(route.function);
    if (!integration) {
      integration = new WebSocketLambdaIntegration(`${pascalCase(route.function)}Integration`, fn);
      this.integrations.set(route.function, integration);
    }
    this.api.addRoute(route.route, { integration });
  }
}
