import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type App,
  ArnFormat,
  CfnOutput,
  Duration,
  RemovalPolicies,
  RemovalPolicy,
  Stack,
  type StackProps,
  Tags,
} from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { EventType } from 'aws-cdk-lib/aws-s3';
import { SqsDestination } from 'aws-cdk-lib/aws-s3-notifications';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { env, type FunctionName, httpRoutes, type QueueName, webSocketRoutes } from '#functions/contract';
import {
  bucketEvents,
  type CognitoTrigger,
  cognitoTriggers,
  type FunctionAccess,
  functions,
  queues,
  streamConsumers,
} from '#infra/app-manifest';
import { acknowledge, stackSingleton } from './acknowledge.ts';
import { Api } from './api.ts';
import { AppFunction } from './app-function.ts';
import { Auth, mailFromHeader, type SesMailConfig, type SocialSignInConfig } from './auth.ts';
import { bucketOrigin, Data, uploadsBucketName } from './data.ts';
import {
  checkCertificateArn,
  checkSiteAssets,
  DeployCheckError,
  isProductionStage,
} from './deploy-checks.ts';
import { acknowledgeDeadLetterQueue, JobQueue } from './job-queue.ts';
import { pascalCase } from './names.ts';
import { type AnthropicSettings, AppSecrets, secretSettings } from './secrets.ts';
import { WebSocketGateway } from './web-socket-api.ts';
import { Website } from './website.ts';

const defaultRepoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ResumeBuilderStackProps extends StackProps {
  /**
   * Deployment stage (`dev`, `prod`, ...): in resource names' stack, STAGE and config.json. `prod` (or
   * `production`) is production: user data retained and deletion-protected, mail through SES required.
   */
  stage: string;
  /** Browser origin of the app, when it is not the CloudFront domain (custom domain). */
  appOrigin?: string;
  /** E-mail that receives alarm notifications. */
  alarmEmail?: string;
  /** Hosts served in Brazilian Portuguese with BRL prices (context `ptBrHosts`, comma-separated). */
  ptBrHosts?: string[];
  /** E-mails that are always admin (context `bootstrapAdmins`, comma-separated); never hard-coded. */
  bootstrapAdmins?: string[];
  /**
   * Serve the app on its own domain: context `certificateArn` (ACM, us-east-1); the domain names are the
   * `appOrigin` host and the `ptBrHosts`.
   */
  certificateArn?: string;
  /** Google / LinkedIn sign-in (context `authDomainPrefix`, `googleClientId`, `googleSecretName`, ...). */
  social?: Omit<SocialSignInConfig, 'appOrigins'>;
  /**
   * The SES identity auth mail and product mail are sent from (context `sesFromEmail`, `sesVerifiedDomain`,
   * `sesConfigurationSet`, `sesRegion`). Required in production; without it a dev stage uses Cognito's own
   * sender for auth mail (about 50 a day) and only logs product mail.
   */
  mail?: SesMailConfig;
  /**
   * Claude's model and limits for this stage (context `anthropicModel`, `anthropicMaxTokens`,
   * `anthropicTimeoutMs`, `anthropicBaseUrl`); defaults in functions/domain/ai/config.ts. The API key is
   * not here: it lives in the stack's `anthropic` secret (see infra/lib/secrets.ts for how to set it).
   */
  anthropic?: AnthropicSettings;
  /** Repository root (manifest entries are relative to it); defaults to this file's `../..`. */
  repoRoot?: string;
  /** Built SPA; defaults to `{repoRoot}/frontend/dist`. The synth fails when it has no index.html. */
  frontendDist?: string;
}

/** The whole product in one stack, built from `infra/app-manifest.ts`. */
export class ResumeBuilderStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly api: Api;
  readonly webSocket: WebSocketGateway;
  readonly website: Website;
  readonly functions: Record<FunctionName, AppFunction>;
  readonly queues: Map<QueueName, JobQueue>;
  readonly secrets: AppSecrets;

  constructor(scope: Construct, id: string, props: ResumeBuilderStackProps) {
    super(scope, id, props);
    const repoRoot = props.repoRoot ?? defaultRepoRoot;
    const frontendDist = props.frontendDist ?? join(repoRoot, 'frontend', 'dist');
    const production = isProductionStage(props.stage);
    // Mistakes CloudFormation would find late or never, refused before anything is built.
    if (production && !props.mail) {
      throw new DeployCheckError(
        `Stage ${props.stage} is production: set context sesFromEmail to an address of a verified SES identity (out of the sandbox), e.g. -c sesFromEmail=no-reply@example.com. Cognito's own sender stops at about 50 messages a day.`,
      );
    }
    checkSiteAssets(frontendDist);
    if (props.certificateArn) {
      if (!props.appOrigin) {
        throw new DeployCheckError(
          'Context certificateArn needs appOrigin: the custom domain the certificate is for.',
        );
      }
      checkCertificateArn(props.certificateArn);
    }

    const originsWith = (first: string) => [
      first,
      ...(props.ptBrHosts ?? []).map((host) => `https://${host}`),
    ];

    const alarmTopic = new Topic(this, 'Alarms', { enforceSSL: true });
    // enforceSSL gives the topic a policy, and a topic policy replaces the default one: without this Allow
    // CloudWatch could not publish, and no alarm e-mail would ever arrive. Only this stack's alarms may.
    alarmTopic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [alarmTopic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': this.account },
          // Alarms without a name are named `{stack name}-{logical id}-{suffix}` by CloudFormation.
          ArnLike: {
            'aws:SourceArn': this.formatArn({
              service: 'cloudwatch',
              resource: 'alarm',
              resourceName: `${this.stackName}-*`,
              arnFormat: ArnFormat.COLON_RESOURCE_NAME,
            }),
          },
        },
      }),
    );
    if (props.alarmEmail) {
      acknowledge(
        alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail)),
        'An e-mail subscription: SNS retries delivery itself, and an alarm whose mail is lost still shows in CloudWatch (state and history), so a DLQ would keep nothing to act on.',
        'Serverless-SNSRedrivePolicy',
      );
    }

    // OAuth callbacks need a fixed origin registered with the providers: social sign-in needs `appOrigin`.
    this.auth = new Auth(this, 'Auth', {
      social:
        props.social && props.appOrigin
          ? { ...props.social, appOrigins: originsWith(props.appOrigin) }
          : undefined,
      mail: props.mail,
      retain: production,
    });
    this.api = new Api(this, 'Api', {
      jwtIssuer: this.auth.issuer,
      jwtAudience: [this.auth.client.userPoolClientId],
      alarmTopic,
      retainLogs: production,
    });
    this.webSocket = new WebSocketGateway(this, 'WebSocket', { stageName: 'prod', retainLogs: production });
    const uploadsBucket = uploadsBucketName(this);
    this.website = new Website(this, 'Website', {
      uploadsOrigin: bucketOrigin(this, uploadsBucket),
      httpApiEndpoint: this.api.httpApi.apiEndpoint,
      webSocketApiEndpoint: this.webSocket.api.apiEndpoint,
      webSocketStageName: this.webSocket.stage.stageName,
      frontendDist,
      ptBrHosts: props.ptBrHosts ?? [],
      ...(this.auth.oauthDomain ? { oauthDomain: this.auth.oauthDomain } : {}),
      ...(props.certificateArn && props.appOrigin
        ? {
            customDomain: {
              domainNames: [new URL(props.appOrigin).host, ...(props.ptBrHosts ?? [])],
              certificateArn: props.certificateArn,
            },
          }
        : {}),
    });
    // The app's origins: the canonical one, then one per Brazilian host (https).
    const appOrigins = originsWith(props.appOrigin ?? this.website.origin);
    this.data = new Data(this, 'Data', {
      allowedOrigins: appOrigins,
      uploadsBucketName: uploadsBucket,
      retain: production,
    });

    // Queues first: producers' grants name them.
    this.queues = new Map();
    for (const definition of queues) {
      this.queues.set(
        definition.name,
        new JobQueue(this, `Queue${pascalCase(definition.name)}`, { definition, alarmTopic }),
      );
    }

    // Secrets before functions too: readers' grants name them.
    this.secrets = new AppSecrets(this, 'Secrets');

    this.functions = this.createFunctions({
      repoRoot,
      stage: props.stage,
      appOrigins,
      ptBrHosts: props.ptBrHosts ?? [],
      bootstrapAdmins: props.bootstrapAdmins ?? [],
      settings: secretSettings(props.anthropic),
      retainLogs: production,
      alarmTopic,
      ...(props.mail ? { mail: props.mail } : {}),
    });

    for (const route of httpRoutes) this.api.addRoute(route, this.functions[route.function].fn);
    for (const route of webSocketRoutes) this.webSocket.addRoute(route, this.functions[route.function].fn);
    for (const [trigger, name] of Object.entries(cognitoTriggers) as [CognitoTrigger, FunctionName][]) {
      this.auth.addTrigger(trigger, this.functions[name].fn);
    }

    for (const jobQueue of this.queues.values()) {
      const consumer = jobQueue.definition.consumer;
      if (consumer) jobQueue.addConsumer(this.functions[consumer].fn);
    }

    // Uploaded files reach their queue as S3 event notifications (the queue policy lets S3 send).
    for (const rule of bucketEvents) {
      const jobQueue = this.queues.get(rule.queue);
      if (!jobQueue) throw new Error(`No queue ${rule.queue} for the ${rule.bucket} bucket's events.`);
      this.data[rule.bucket].addEventNotification(
        EventType.OBJECT_CREATED,
        new SqsDestination(jobQueue.queue),
        {
          prefix: rule.prefix,
        },
      );
    }
    const notificationsHandler = stackSingleton(this, 'BucketNotificationsHandler');
    if (notificationsHandler) {
      acknowledge(
        notificationsHandler,
        'CDK’s bucket notifications handler (aws-cdk-lib) runs only during deploys; CDK gives its role the basic execution policy.',
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      );
    }

    this.addStreamConsumers();

    this.website.deploy({
      stage: props.stage,
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      apiUrl: '/api',
      // The page's own origin, whichever host served it (CloudFront's, the custom domain, a Brazilian
      // host): the CSP's 'self' covers it, and no host is a cross-origin socket.
      wsUrl: '/ws',
      socialSignIn: this.auth.socialSignIn,
      ...(this.auth.oauthDomain ? { oauthDomain: this.auth.oauthDomain } : {}),
      ptBrHosts: props.ptBrHosts ?? [],
      features: { coverLetter: false },
    });

    const outputs: Record<string, string> = {
      SiteUrl: this.website.origin,
      ApiUrl: `${this.website.origin}/api`,
      WebSocketUrl: `wss://${this.website.distribution.distributionDomainName}/ws`,
      UserPoolId: this.auth.userPool.userPoolId,
      UserPoolClientId: this.auth.client.userPoolClientId,
      TableName: this.data.table.tableName,
      UploadsBucketName: this.data.uploads.bucketName,
      ExportsBucketName: this.data.exports.bucketName,
    };
    for (const [name, value] of Object.entries(outputs)) new CfnOutput(this, name, { value });

    // Every log group follows the stage, the ones CDK makes itself (the bucket deployment's) included.
    RemovalPolicies.of(this).apply(production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY, {
      applyToResourceTypes: ['AWS::Logs::LogGroup'],
    });
  }

  private createFunctions(options: {
    repoRoot: string;
    stage: string;
    appOrigins: string[];
    /** The Brazilian hosts: the billing function charges BRL there (PT_BR_HOSTS). */
    ptBrHosts: readonly string[];
    bootstrapAdmins: readonly string[];
    settings: ReturnType<typeof secretSettings>;
    retainLogs: boolean;
    alarmTopic: Topic;
    mail?: SesMailConfig;
  }): Record<FunctionName, AppFunction> {
    const { repoRoot, stage, appOrigins, ptBrHosts, bootstrapAdmins, settings, mail } = options;
    const sender = mail
      ? {
          // The identity SES authorises sending on: the verified domain, or the address itself.
          identityArn: this.formatArn({
            service: 'ses',
            region: mail.region ?? this.region,
            resource: 'identity',
            resourceName: mail.verifiedDomain ?? mail.fromEmail,
          }),
          from: mailFromHeader(mail),
          ...(mail.configurationSet ? { configurationSet: mail.configurationSet } : {}),
          ...(mail.region ? { region: mail.region } : {}),
        }
      : undefined;
    const triggerFunctions = new Set<string>(Object.values(cognitoTriggers));
    const created: Partial<Record<FunctionName, AppFunction>> = {};

    for (const [name, definition] of Object.entries(functions) as [
      FunctionName,
      (typeof functions)[FunctionName],
    ][]) {
      const isTrigger = triggerFunctions.has(name);
      const environment: Record<string, string> = {
        [env.stage]: stage,
        [env.allowedOrigins]: appOrigins.join(','),
        [env.ptBrHosts]: ptBrHosts.join(','),
        [env.bootstrapAdminEmails]: bootstrapAdmins.join(','),
      };
      // A trigger cannot name its own pool or client: the pool already depends on the function (a cycle).
      if (!isTrigger) {
        environment[env.userPoolClientId] = this.auth.client.userPoolClientId;
        environment[env.jwtIssuer] = this.auth.issuer;
        environment[env.jwksUri] = this.auth.jwksUri;
      }

      const appFunction = new AppFunction(this, `Fn${pascalCase(name)}`, {
        name,
        definition,
        repoRoot,
        environment,
        retainLogs: options.retainLogs,
      });
      appFunction.addAlarms(options.alarmTopic);
      const access: FunctionAccess = definition.access;
      if (access.table) appFunction.grantTable(this.data.table, access.table);
      if (access.webSocketManage) appFunction.grantWebSocketManage(this.webSocket.stage);
      for (const bucket of access.buckets ?? []) {
        if (bucket === 'uploads') appFunction.grantBucket(this.data.uploads, env.uploadsBucket);
        else appFunction.grantBucket(this.data.exports, env.exportsBucket);
      }
      if (access.queues?.length) {
        appFunction.grantQueueSend(
          access.queues,
          new Map([...this.queues].map(([queueName, jobQueue]) => [queueName, jobQueue.queue])),
        );
      }
      if (access.secrets?.length) {
        appFunction.grantSecretRead(access.secrets, this.secrets.secrets, settings);
      }
      if (access.queueStats) appFunction.grantQueueStats(this.queues);
      if (access.mail) appFunction.grantMail(sender);
      if (access.userPool?.length) {
        if (isTrigger) appFunction.grantUserPoolAsTrigger(this.auth.userPool, access.userPool);
        else appFunction.grantUserPool(this.auth.userPool, access.userPool);
      }
      created[name] = appFunction;
    }
    return created as Record<FunctionName, AppFunction>;
  }

  private addStreamConsumers(): void {
    if (streamConsumers.length === 0) return;
    const failures = new Queue(this, 'StreamFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledgeDeadLetterQueue(failures);
    acknowledge(
      failures,
      'The table stream consumers’ failure destination (a dead-letter queue itself): it needs none of its own.',
      'AwsSolutions-SQS3',
    );
    for (const consumer of streamConsumers) {
      // New or old image: a delete must reach the consumer too.
      const filters = consumer.skPrefixes.flatMap((prefix) =>
        (['NewImage', 'OldImage'] as const).map((image) =>
          FilterCriteria.filter({ dynamodb: { [image]: { sk: { S: FilterRule.beginsWith(prefix) } } } }),
        ),
      );
      this.functions[consumer.function].fn.addEventSource(
        new DynamoEventSource(this.data.table, {
          startingPosition: StartingPosition.LATEST,
          batchSize: consumer.batchSize,
          bisectBatchOnError: true,
          reportBatchItemFailures: true,
          retryAttempts: 5,
          onFailure: new SqsDlq(failures),
          ...(filters.length > 0 ? { filters } : {}),
        }),
      );
    }
  }
}

export interface BuildStackProps extends Partial<ResumeBuilderStackProps> {}

/**
 * Creates the stack for a stage. Values not given come from CDK context: `stage` (default `dev`),
 * `appOrigin`, `alarmEmail`, `certificateArn`, `ptBrHosts`, `bootstrapAdmins`, `sesFromEmail` (with
 * `sesVerifiedDomain`, `sesConfigurationSet`, `sesRegion`), social sign-in and Claude's settings. The stack
 * is named `ResumeBuilder-{stage}`.
 */
export function buildStack(app: App, props: BuildStackProps = {}): ResumeBuilderStack {
  const context = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
  const stage = props.stage ?? context('stage') ?? 'dev';
  const appOrigin = props.appOrigin ?? context('appOrigin');
  const alarmEmail = props.alarmEmail ?? context('alarmEmail');
  const list = (key: string) =>
    (context(key) ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  const ptBrHosts = props.ptBrHosts ?? list('ptBrHosts');
  const bootstrapAdmins = props.bootstrapAdmins ?? list('bootstrapAdmins');
  const certificateArn = props.certificateArn ?? context('certificateArn');
  const provider = (name: 'google' | 'linkedin') => {
    const clientId = context(`${name}ClientId`);
    const secretName = context(`${name}SecretName`);
    return clientId && secretName ? { clientId, secretName } : undefined;
  };
  const anthropic: AnthropicSettings = props.anthropic ?? {
    ...(context('anthropicModel') ? { model: context('anthropicModel') } : {}),
    ...(context('anthropicMaxTokens') ? { maxTokens: context('anthropicMaxTokens') } : {}),
    ...(context('anthropicTimeoutMs') ? { timeoutMs: context('anthropicTimeoutMs') } : {}),
    ...(context('anthropicBaseUrl') ? { baseUrl: context('anthropicBaseUrl') } : {}),
  };
  const domainPrefix = context('authDomainPrefix');
  const google = provider('google');
  const linkedin = provider('linkedin');
  const sesFromEmail = context('sesFromEmail');
  const mail: SesMailConfig | undefined =
    props.mail ??
    (sesFromEmail
      ? {
          fromEmail: sesFromEmail,
          ...(context('sesVerifiedDomain') ? { verifiedDomain: context('sesVerifiedDomain') } : {}),
          ...(context('sesConfigurationSet') ? { configurationSet: context('sesConfigurationSet') } : {}),
          ...(context('sesRegion') ? { region: context('sesRegion') } : {}),
        }
      : undefined);
  const social =
    props.social ??
    (domainPrefix
      ? { domainPrefix, ...(google ? { google } : {}), ...(linkedin ? { linkedin } : {}) }
      : undefined);

  const stack = new ResumeBuilderStack(app, `ResumeBuilder-${stage}`, {
    description: `AI-assisted resume builder (${stage})`,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    ...props,
    stage,
    ...(appOrigin ? { appOrigin } : {}),
    ...(alarmEmail ? { alarmEmail } : {}),
    ptBrHosts,
    bootstrapAdmins,
    ...(certificateArn ? { certificateArn } : {}),
    ...(social ? { social } : {}),
    ...(mail ? { mail } : {}),
    anthropic,
  });
  Tags.of(stack).add('app', 'resume-builder');
  Tags.of(stack).add('stage', stage);
  return stack;
}
