import { Duration } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpNoneAuthorizer, type HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { HttpRouteDef } from '#infra/app-manifest';
import { pascalCase } from './names.ts';

export interface ApiProps {
  /** Cognito issuer URL and the app client id the tokens must be issued to. */
  jwtIssuer: string;
  jwtAudience: string[];
  alarmTopic: ITopic;
  throttle?: { rateLimit: number; burstLimit: number };
}

/** HTTP API behind CloudFront `/api/*`: Cognito JWT authorizer, one Lambda integration per function. */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly serverErrorAlarm: Alarm;
  private readonly authorizer: HttpJwtAuthorizer;
  private readonly integrations = new Map<string, HttpLambdaIntegration>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    // Same origin through CloudFront, so no CORS; the default stage is made below to carry throttling.
    this.httpApi = new HttpApi(this, 'HttpApi', { createDefaultStage: false });
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 100, burstLimit: 200 },
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
    this.httpApi.addRoutes({
      path: route.path,
      methods: [HttpMethod[route.method]],
      integration: this.integrationFor(route.function, fn),
      authorizer: isPublic ? new HttpNoneAuthorizer() : this.authorizer,
    });
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
