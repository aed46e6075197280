import { join } from 'node:path';
import { Duration, RemovalPolicy, Size, Stack } from 'aws-cdk-lib';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IRole, Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { table as tableDef } from '#functions/adapters/table/schema';
import { env, type QueueName, queueUrlEnv, type SecretName, secretIdEnv } from '#functions/contract';
import type { CognitoAction, FunctionDef } from '#infra/app-manifest';
import { secretSettingsEnv } from '#infra/manifest-rules';
import { acknowledge, arnOf, refOf } from './acknowledge.ts';

/**
 * The bundle is ESM; some CommonJS dependencies still call `require` for Node built-ins, which esbuild can
 * only forward to a `require` in scope. The alias avoids clashing with a bundled `createRequire` import.
 */
const esmRequireBanner =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** CDK's read grant (grantReadData) without the stream calls, which the table's ARN never serves. */
const tableReadActions = [
  'dynamodb:BatchGetItem',
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const tableWriteActions = [
  'dynamodb:BatchWriteItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
];

export interface AppFunctionProps {
  /** Manifest key, e.g. `wsTicket`. */
  name: string;
  definition: FunctionDef;
  /** Repository root: manifest entries and the lock file are relative to it. */
  repoRoot: string;
  environment: Record<string, string>;
  /** Keep the log group when the stack goes (production). */
  retainLogs?: boolean;
}

/**
 * One manifest function: a Node.js 24 ESM bundle (arm64 unless the manifest says otherwise) with its log
 * group, plus grant helpers.
 */
export class AppFunction extends Construct {
  readonly name: string;
  readonly definition: FunctionDef;
  readonly fn: NodejsFunction;
  /** Its execution role: writes to its own log group and X-Ray, plus what the grant helpers add. */
  readonly role: IRole;
  /** The esbuild options used; kept because the synthesized template does not show them. */
  readonly bundling: BundlingOptions;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.name = props.name;
    this.definition = props.definition;

    const logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    // Not AWSLambdaBasicExecutionRole (logs:CreateLogGroup and writes to every log group of the account):
    // the function writes to its own group only.
    this.role = new Role(this, 'ServiceRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of the ${props.name} function`,
    });
    logGroup.grantWrite(this.role);

    const definition = props.definition;
    this.bundling = {
      format: OutputFormat.ESM,
      target: 'node24',
      mainFields: ['module', 'main'],
      banner: esmRequireBanner,
      sourceMap: true,
      sourcesContent: false,
      minify: true,
      // The Node.js 24 runtime ships SDK v3.
      externalModules: ['@aws-sdk/*'],
      ...(definition.nodeModules?.length ? { nodeModules: [...definition.nodeModules] } : {}),
    };

    this.fn = new NodejsFunction(this, 'Function', {
      entry: join(props.repoRoot, props.definition.entry),
      projectRoot: props.repoRoot,
      depsLockFilePath: join(props.repoRoot, 'package-lock.json'),
      handler: 'handler',
      description: props.definition.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: definition.architecture === 'x86_64' ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: props.definition.memoryMb,
      timeout: Duration.seconds(props.definition.timeoutSeconds),
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup,
      environment: {
        ...props.environment,
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: props.name,
      },
      bundling: this.bundling,
      ...(definition.ephemeralStorageMb
        ? { ephemeralStorageSize: Size.mebibytes(definition.ephemeralStorageMb) }
        : {}),
      ...(definition.reservedConcurrency !== undefined
        ? { reservedConcurrentExecutions: definition.reservedConcurrency }
        : {}),
    });
    acknowledge(
      this.role,
      'X-Ray tracing (Tracing.ACTIVE): xray:PutTraceSegments and xray:PutTelemetryRecords take no resource, only *.',
      'AwsSolutions-IAM5[Resource::*]',
    );
    acknowledge(
      this.fn,
      'Nothing invokes it asynchronously, the only case a Lambda DLQ catches: API Gateway and Cognito call it synchronously, and queues and the table stream reach it through event source mappings whose failures go to the queue’s own DLQ or the stream failure queue.',
      'Serverless-LambdaDLQ',
    );
  }

  /**
   * Read or read-write items of the table and of each manifest index, named one by one (CDK's table grants
   * name `index/*`); DescribeTable for the health check. Sets TABLE_NAME.
   */
  grantTable(table: ITable, level: 'read' | 'readWrite'): void {
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...tableReadActions, ...(level === 'readWrite' ? tableWriteActions : [])],
        resources: [
          table.tableArn,
          ...tableDef.indexes.map((index) => `${table.tableArn}/index/${index.name}`),
        ],
      }),
    );
    this.fn.addEnvironment(env.tableName, table.tableName);
  }

  /** The given Cognito calls on the pool; sets USER_POOL_ID. */
  grantUserPool(userPool: IUserPool, actions: readonly CognitoAction[]): void {
    userPool.grant(this.fn, ...actions.map((a) => `cognito-idp:${a}`));
    this.fn.addEnvironment(env.userPoolId, userPool.userPoolId);
  }

  /**
   * For a Cognito trigger: the given calls on its own pool only. The pool references this function, and the
   * function depends on its role's default policy, so the grant cannot go there (a dependency cycle); it is
   * a policy of its own attached to the role, which the pool may precede. The trigger reads the pool id from
   * its event, so no variable is set.
   */
  grantUserPoolAsTrigger(userPool: IUserPool, actions: readonly CognitoAction[]): Policy {
    const role = this.fn.role;
    if (!role)
      throw new Error(`${this.name}: a trigger without an execution role cannot be granted the pool`);
    return new Policy(this, 'UserPoolAccess', {
      roles: [role],
      statements: [
        new PolicyStatement({
          actions: actions.map((a) => `cognito-idp:${a}`),
          resources: [userPool.userPoolArn],
        }),
      ],
    });
  }

  /** Alarms on any error or throttle (5-minute sums), sent to the alarm topic. */
  addAlarms(topic: ITopic): void {
    const watched = [
      ['ErrorsAlarm', this.fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }), 'threw'],
      [
        'ThrottlesAlarm',
        this.fn.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
        'was throttled',
      ],
    ] as const;
    for (const [id, metric, what] of watched) {
      new Alarm(this, id, {
        alarmDescription: `The ${this.name} function ${what} in the last 5 minutes`,
        metric,
        threshold: 0,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(new SnsAction(topic));
    }
  }

  /**
   * Product mail (functions/adapters/mail.ts): ses:SendEmail on the sending identity (and the configuration
   * set, which SES checks too when a message names one), nothing else. Sets the sender variables; with no
   * identity (a dev stage without SES) they are empty, no permission is granted, and mail is logged only.
   */
  grantMail(sender?: {
    identityArn: string;
    from: string;
    configurationSet?: string;
    region?: string;
  }): void {
    this.fn.addEnvironment(env.mailFrom, sender?.from ?? '');
    this.fn.addEnvironment(env.mailConfigurationSet, sender?.configurationSet ?? '');
    this.fn.addEnvironment(env.mailRegion, sender?.region ?? '');
    if (!sender) return;
    const stack = Stack.of(this);
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          sender.identityArn,
          ...(sender.configurationSet
            ? [
                stack.formatArn({
                  service: 'ses',
                  region: sender.region ?? stack.region,
                  resource: 'configuration-set',
                  resourceName: sender.configurationSet,
                }),
              ]
            : []),
        ],
      }),
    );
  }

  /**
   * Read, write (and sign presigned POSTs and GETs for), delete and list objects of a bucket, the calls
   * functions/adapters/s3.ts makes and nothing else; sets the given environment variable to its name.
   */
  grantBucket(bucket: IBucket, variable: string): void {
    this.fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
    );
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [bucket.arnForObjects('*')],
      }),
    );
    acknowledge(
      this.role,
      'Object keys are made at run time, under each user’s prefix (users/{sub}/, photos/{sub}/): only the bucket is fixed.',
      `AwsSolutions-IAM5[Resource::${arnOf(bucket)}/*]`,
    );
    this.fn.addEnvironment(variable, bucket.bucketName);
  }

  /** PostToConnection and friends on the WebSocket stage; sets WS_MANAGEMENT_ENDPOINT to its callback URL. */
  grantWebSocketManage(stage: WebSocketStage): void {
    stage.grantManagementApiAccess(this.fn);
    acknowledge(
      this.role,
      'Connection ids exist only once a browser connects, so the grant names this API’s stage and @connections/* (any method: POST pushes a message, GET asks whether one is still open, DELETE closes one).',
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:${refOf(stage.api)}/${stage.stageName}/*/@connections/*]`,
    );
    this.fn.addEnvironment(env.webSocketEndpoint, stage.callbackUrl);
  }

  /**
   * SendMessage on each named queue and nothing else; sets its `queueUrlEnv` variable. A name the stack has
   * no queue for fails the synth, so a typo in the manifest never becomes a missing variable at run time.
   */
  grantQueueSend(names: readonly QueueName[], queues: ReadonlyMap<string, IQueue>): void {
    for (const name of names) {
      const queue = queues.get(name);
      if (!queue)
        throw new Error(`${this.name}: access.queues names '${name}', which the stack does not have`);
      queue.grantSendMessages(this.fn);
      this.fn.addEnvironment(queueUrlEnv[name], queue.queueUrl);
    }
  }

  /**
   * The admin health check: GetQueueAttributes on every job queue and its dead-letter queue (no other queue
   * call, so it can count messages but never read or move them). Sets `env.queueStatsUrls` to JSON
   * `{ [queue]: { url, dlqUrl } }`. The table half of the check (DescribeTable) comes with the table grant.
   */
  grantQueueStats(queues: ReadonlyMap<string, { queue: IQueue; deadLetterQueue: IQueue }>): void {
    const urls: Record<string, { url: string; dlqUrl: string }> = {};
    for (const [name, { queue, deadLetterQueue }] of queues) {
      queue.grant(this.fn, 'sqs:GetQueueAttributes');
      deadLetterQueue.grant(this.fn, 'sqs:GetQueueAttributes');
      urls[name] = { url: queue.queueUrl, dlqUrl: deadLetterQueue.queueUrl };
    }
    this.fn.addEnvironment(env.queueStatsUrls, Stack.of(this).toJsonString(urls));
  }

  /**
   * Read (GetSecretValue, DescribeSecret) on each named secret and nothing else; sets its `secretIdEnv`
   * variable to the secret's ARN, and the settings that come with it (`secretSettingsEnv`) to `settings`.
   * A name the stack has no secret for, or a setting without a value, fails the synth.
   */
  grantSecretRead(
    names: readonly SecretName[],
    secrets: ReadonlyMap<string, ISecret>,
    settings: Partial<Record<SecretName, Record<string, string>>> = {},
  ): void {
    for (const name of names) {
      const secret = secrets.get(name);
      if (!secret)
        throw new Error(`${this.name}: access.secrets names '${name}', which the stack does not have`);
      secret.grantRead(this.fn);
      this.fn.addEnvironment(secretIdEnv[name], secret.secretArn);
      for (const variable of secretSettingsEnv[name]) {
        const value = settings[name]?.[variable];
        if (value === undefined) throw new Error(`${this.name}: no value for ${variable} (secret '${name}')`);
        this.fn.addEnvironment(variable, value);
      }
    }
  }
}
