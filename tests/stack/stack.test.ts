import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Stack } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { env, type FunctionName, httpRoutes, queueUrlEnv, webSocketRoutes } from '#functions/contract';
import {
  bucketEvents,
  cognitoTriggers,
  type FunctionAccess,
  type FunctionDef,
  functions,
  queues,
  streamConsumers,
} from '#infra/app-manifest';
import { pascalCase } from '#infra/lib/names';
import { environmentNames } from '#infra/manifest-rules';
import { htmlFileFor } from '#shared/site';
import {
  actionsOf,
  cfnString,
  functionId,
  type Json,
  only,
  type Resources,
  referencedIds,
  roleStatements,
  runViewerRequest,
  synth,
} from './template-helpers.ts';

// Managed CloudFront policy ids (the same in every account).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
/** Only access tokens carry this scope, so routes requiring it refuse ID tokens. */
const STAFF_GROUPS = ['admin', 'support', 'content_manager'];
const OUTPUTS = ['SiteUrl', 'ApiUrl', 'WebSocketUrl', 'UserPoolId', 'UserPoolClientId', 'TableName'];

const functionNames = Object.keys(functions) as FunctionName[];
const triggerFunctions = new Set<string>(Object.values(cognitoTriggers));

let stack: Stack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = synth({ stage: 'test' }));
});

const resources = (type: string): Resources => template.findResources(type);
const singleId = (type: string, predicate: (resource: Json) => boolean = () => true): string =>
  only(resources(type), predicate)[0];
const tableId = () => singleId('AWS::DynamoDB::Table');
const userPoolId = () => singleId('AWS::Cognito::UserPool');
const clientId = () => singleId('AWS::Cognito::UserPoolClient');
const distributionId = () => singleId('AWS::CloudFront::Distribution');
const apiId = (protocol: 'HTTP' | 'WEBSOCKET') =>
  singleId('AWS::ApiGatewayV2::Api', (api) => api.Properties.ProtocolType === protocol);
const cloudFrontOrigin = () => `https://\${${distributionId()}.DomainName}`;
const uploadsBucket = () =>
  only(resources('AWS::S3::Bucket'), (b) =>
    b.Properties.CorsConfiguration?.CorsRules[0].AllowedMethods.includes('POST'),
  )[1];
/** The uploads bucket's name as `cfnString` renders it. */
const uploadsBucketName = () => cfnString(uploadsBucket().Properties.BucketName);
const issuer = () => `https://cognito-idp.\${AWS::Region}.\${AWS::URLSuffix}/\${${userPoolId()}}`;

/** A route of one API by route key, and the functions its integration invokes. */
function routeAndTarget(api: string, routeKey: string): { route: Json; targetFunctionIds: Set<string> } {
  const [, route] = only(
    resources('AWS::ApiGatewayV2::Route'),
    (r) => r.Properties.RouteKey === routeKey && r.Properties.ApiId.Ref === api,
  );
  const integrations = resources('AWS::ApiGatewayV2::Integration');
  const targetFunctionIds = new Set(
    [...referencedIds(route.Properties.Target)].flatMap((id) => [
      ...referencedIds(integrations[id]?.Properties.IntegrationUri),
    ]),
  );
  return { route, targetFunctionIds };
}

function queueIds(name: string): { queueId: string; dlqId: string } {
  const all = resources('AWS::SQS::Queue');
  const queueId = Object.keys(all).find((id) =>
    new RegExp(`^Queue${pascalCase(name)}Queue[0-9A-F]{8}$`).test(id),
  );
  if (!queueId) throw new Error(`no queue for ${name}`);
  return { queueId, dlqId: all[queueId].Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] };
}

describe('data', () => {
  test('one table: pk/sk strings, on demand, PITR, TTL on ttl, NEW_AND_OLD_IMAGES stream, gsi1', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: Match.arrayWith([
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ]),
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'ttl', Enabled: true },
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        GlobalSecondaryIndexes: [
          Match.objectLike({
            IndexName: 'gsi1',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
          }),
        ],
      }),
    });
  });

  test('every bucket blocks public access, is S3-encrypted and refuses plain HTTP', () => {
    const buckets = resources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3);
    const policies = Object.values(resources('AWS::S3::BucketPolicy'));
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration).toEqual([
        { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
      ]);
      const policy = policies.find((p) => p.Properties.Bucket.Ref === id);
      expect(policy?.Properties.PolicyDocument.Statement).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      );
    }
  });

  test('uploads (POST, 7 days) and exports (GET, 1 day) allow CORS from the CloudFront origin only', () => {
    const corsBuckets = Object.values(resources('AWS::S3::Bucket')).filter(
      (b) => b.Properties.CorsConfiguration,
    );
    const summary = corsBuckets.map((b) => {
      const [rule] = b.Properties.CorsConfiguration.CorsRules;
      return {
        methods: rule.AllowedMethods,
        origins: rule.AllowedOrigins.map(cfnString),
        days: b.Properties.LifecycleConfiguration.Rules[0].ExpirationInDays,
      };
    });
    expect(summary).toEqual(
      expect.arrayContaining([
        { methods: ['POST'], origins: [cloudFrontOrigin()], days: 7 },
        { methods: ['GET', 'HEAD'], origins: [cloudFrontOrigin()], days: 1 },
      ]),
    );
    expect(summary).toHaveLength(2);
  });

  test('uploaded files expire under users/ only: resume photos (photos/) stay as long as their owner', () => {
    const rulesOf = (methods: string[]) =>
      Object.values(resources('AWS::S3::Bucket')).find(
        (b) => b.Properties.CorsConfiguration?.CorsRules[0].AllowedMethods.join() === methods.join(),
      )?.Properties.LifecycleConfiguration.Rules as Json[];

    const expiring = (rules: Json[]) =>
      rules.filter((r) => r.ExpirationInDays).map((r) => ({ prefix: r.Prefix, days: r.ExpirationInDays }));

    expect(expiring(rulesOf(['POST']))).toEqual([{ prefix: 'users/', days: 7 }]);
    expect(expiring(rulesOf(['GET', 'HEAD']))).toEqual([{ prefix: undefined, days: 1 }]);
    for (const rules of [rulesOf(['POST']), rulesOf(['GET', 'HEAD'])]) {
      expect(rules.some((r) => r.AbortIncompleteMultipartUpload?.DaysAfterInitiation === 1)).toBe(true);
    }
  });
});

describe('job queues', () => {
  test('one queue and one DLQ per manifest queue (plus a failure queue once streams are consumed)', () => {
    template.resourceCountIs('AWS::SQS::Queue', queues.length * 2 + (streamConsumers.length > 0 ? 1 : 0));
  });

  test.each(queues.map((q) => [q.name, q] as const))(
    '%s: visibility timeout, SSE, redrive with the manifest maxReceiveCount, DLQ depth alarm',
    (name, queue) => {
      const { queueId, dlqId } = queueIds(name);
      const all = resources('AWS::SQS::Queue');
      expect(all[queueId].Properties).toMatchObject({
        VisibilityTimeout: queue.visibilityTimeoutSeconds,
        SqsManagedSseEnabled: true,
        RedrivePolicy: { maxReceiveCount: queue.maxReceiveCount },
      });
      expect(all[dlqId].Properties.SqsManagedSseEnabled).toBe(true);
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlqId, 'QueueName'] } }],
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        AlarmActions: [Match.anyValue()],
      });
    },
  );

  test('the import worker has a reserved concurrency, and its queue asks Lambda for no more than that', () => {
    const reserved = functions.importWorker.reservedConcurrency;
    const importQueue = queues.find((q) => q.name === 'import');

    const worker = resources('AWS::Lambda::Function')[functionId(template, 'importWorker')];

    expect(reserved).toBeGreaterThanOrEqual(2);
    expect(worker?.Properties.ReservedConcurrentExecutions).toBe(reserved);
    // Lambda throttled by its reserved concurrency would return messages to SQS, each return a receive
    // towards the DLQ: the mapping's own ceiling keeps the poller below it.
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [queueIds('import').queueId, 'Arn'] },
      ScalingConfig: { MaximumConcurrency: importQueue?.maxConcurrency },
    });
    expect(importQueue?.maxConcurrency).toBeLessThanOrEqual(reserved ?? 0);
  });

  test('every queue consumer and stream consumer has its event source mapping, and nothing else does', () => {
    const consumed = queues.filter((q) => q.consumer);
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', consumed.length + streamConsumers.length);
    for (const queue of consumed) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [queueIds(queue.name).queueId, 'Arn'] },
        FunctionName: { Ref: functionId(template, queue.consumer as FunctionName) },
        BatchSize: queue.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
    for (const consumer of streamConsumers) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [tableId(), 'StreamArn'] },
        FunctionName: { Ref: functionId(template, consumer.function) },
        BatchSize: consumer.batchSize,
        StartingPosition: 'LATEST',
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      const [mapping] = Object.values(resources('AWS::Lambda::EventSourceMapping')).filter(
        (m) => m.Properties.FunctionName.Ref === functionId(template, consumer.function),
      );
      // One filter per prefix and image (new or old: a deleted row reaches the consumer too).
      const patterns = ((mapping?.Properties.FilterCriteria?.Filters ?? []) as { Pattern: string }[]).map(
        (f) => JSON.parse(f.Pattern) as Json,
      );
      expect(patterns).toEqual(
        expect.arrayContaining(
          consumer.skPrefixes.flatMap((prefix) =>
            ['NewImage', 'OldImage'].map((image) => ({
              dynamodb: { [image]: { sk: { S: [{ prefix }] } } },
            })),
          ),
        ),
      );
      expect(patterns).toHaveLength(consumer.skPrefixes.length * 2);
    }
  });
});

describe('bucket events', () => {
  test.each(bucketEvents.map((e) => [e.bucket, e.queue, e] as const))(
    '%s bucket: objects created under the prefix are sent to the %s queue, which lets S3 send',
    (_bucket, queueName, rule) => {
      const { queueId } = queueIds(queueName);
      template.hasResourceProperties('Custom::S3BucketNotifications', {
        NotificationConfiguration: {
          QueueConfigurations: [
            {
              Events: ['s3:ObjectCreated:*'],
              QueueArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
              Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: rule.prefix }] } },
            },
          ],
        },
      });
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: queueId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Allow',
              Principal: { Service: 's3.amazonaws.com' },
              Action: Match.arrayWith(['sqs:SendMessage']),
            }),
          ]),
        },
      });
    },
  );
});

describe('auth', () => {
  test('user pool: self sign-up, e-mail sign-in and verification, attributes, password rule, e-mail recovery', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'given_name' }),
        Match.objectLike({ Name: 'family_name' }),
        Match.objectLike({ Name: 'locale' }),
        Match.objectLike({ Name: 'preferred_domain', AttributeDataType: 'String', Mutable: true }),
      ]),
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireSymbols: false }) },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
  });

  test('app client: no secret, password + SRP + refresh flows, token revocation', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      UserPoolId: { Ref: userPoolId() },
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      EnableTokenRevocation: true,
    });
  });

  test('staff groups exist', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', STAFF_GROUPS.length);
    for (const group of STAFF_GROUPS) {
      template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
        GroupName: group,
        UserPoolId: { Ref: userPoolId() },
      });
    }
  });

  test('every manifest Cognito trigger is wired in LambdaConfig and may be invoked by the pool', () => {
    const pool = resources('AWS::Cognito::UserPool')[userPoolId()];
    const lambdaConfig = pool.Properties.LambdaConfig ?? {};
    expect(Object.keys(lambdaConfig)).toHaveLength(Object.keys(cognitoTriggers).length);
    for (const [trigger, name] of Object.entries(cognitoTriggers)) {
      const fnArn = { 'Fn::GetAtt': [functionId(template, name), 'Arn'] };
      expect(lambdaConfig[trigger.charAt(0).toUpperCase() + trigger.slice(1)]).toEqual(fnArn);
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        Principal: 'cognito-idp.amazonaws.com',
        FunctionName: fnArn,
        SourceArn: { 'Fn::GetAtt': [userPoolId(), 'Arn'] },
      });
    }
  });
});

describe('HTTP API', () => {
  test('JWT authorizer: Cognito issuer, app client audience', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    const [, authorizer] = only(resources('AWS::ApiGatewayV2::Authorizer'), () => true);
    expect(authorizer.Properties).toMatchObject({
      ApiId: { Ref: apiId('HTTP') },
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [{ Ref: clientId() }] },
    });
    expect(cfnString(authorizer.Properties.JwtConfiguration.Issuer)).toBe(issuer());
  });

  test('default stage auto-deploys with throttling', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: apiId('HTTP') },
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingBurstLimit: Match.anyValue(), ThrottlingRateLimit: Match.anyValue() },
    });
  });

  test('has exactly the manifest routes', () => {
    const routeKeys = Object.values(resources('AWS::ApiGatewayV2::Route'))
      .filter((r) => r.Properties.ApiId.Ref === apiId('HTTP'))
      .map((r) => r.Properties.RouteKey)
      .sort();
    expect(routeKeys).toEqual(httpRoutes.map((r) => `${r.method} ${r.path}`).sort());
  });

  test.each(httpRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: right function, right authorization',
    (routeKey, definition) => {
      const { route, targetFunctionIds } = routeAndTarget(apiId('HTTP'), routeKey);
      expect(targetFunctionIds).toEqual(new Set([functionId(template, definition.function)]));
      if (definition.auth === 'public') {
        expect(route.Properties.AuthorizationType).toBe('NONE');
        expect(route.Properties.AuthorizerId).toBeUndefined();
      } else {
        expect(route.Properties).toMatchObject({
          AuthorizationType: 'JWT',
          AuthorizerId: { Ref: singleId('AWS::ApiGatewayV2::Authorizer') },
        });
        // No scope: API Gateway would answer an ID token 403; the handler answers it 401 UNAUTHORIZED.
        expect(route.Properties.AuthorizationScopes).toBeUndefined();
      }
    },
  );

  test('5xx alarm', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Dimensions: [{ Name: 'ApiId', Value: { Ref: apiId('HTTP') } }],
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [Match.anyValue()],
    });
  });
});

describe('WebSocket API', () => {
  test('stage prod', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: apiId('WEBSOCKET') },
      StageName: 'prod',
      AutoDeploy: true,
    });
  });

  test('has exactly the manifest routes', () => {
    const routeKeys = Object.values(resources('AWS::ApiGatewayV2::Route'))
      .filter((r) => r.Properties.ApiId.Ref === apiId('WEBSOCKET'))
      .map((r) => r.Properties.RouteKey)
      .sort();
    expect(routeKeys).toEqual(webSocketRoutes.map((r) => r.route).sort());
  });

  test.each(webSocketRoutes.map((r) => [r.route, r] as const))(
    '%s: right function',
    (routeKey, definition) => {
      const { targetFunctionIds } = routeAndTarget(apiId('WEBSOCKET'), routeKey);
      expect(targetFunctionIds).toEqual(new Set([functionId(template, definition.function)]));
    },
  );
});

describe('functions', () => {
  test.each(functionNames)(
    '%s: Node.js 24, manifest architecture, memory and timeout, own log group',
    (name) => {
      const definition: FunctionDef = functions[name];
      const fn = resources('AWS::Lambda::Function')[functionId(template, name)].Properties;
      expect(fn).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: [definition.architecture ?? 'arm64'],
        MemorySize: definition.memoryMb,
        Timeout: definition.timeoutSeconds,
        Handler: 'index.handler',
      });
      const logGroupId = fn.LoggingConfig.LogGroup.Ref;
      expect(resources('AWS::Logs::LogGroup')[logGroupId].Properties.RetentionInDays).toBeGreaterThan(0);
    },
  );

  test.each(functionNames)('%s: environment and grants follow manifest access', (name) => {
    const id = functionId(template, name);
    const variables = resources('AWS::Lambda::Function')[id].Properties.Environment.Variables;
    const vars = (key: keyof typeof env): string | undefined =>
      variables[env[key]] === undefined ? undefined : cfnString(variables[env[key]]);
    const actions = actionsOf(roleStatements(template, id));
    const access: FunctionAccess = functions[name].access;
    const isTrigger = triggerFunctions.has(name);

    expect(vars('stage')).toBe('test');
    expect(vars('allowedOrigins')).toBe(cloudFrontOrigin());
    // The local cloud gives each function exactly these manifest variables: they must be the stack's.
    const manifestNames = new Set<string>(Object.values(env));
    expect(
      Object.keys(variables)
        .filter((v) => manifestNames.has(v))
        .sort(),
    ).toEqual(environmentNames(name).sort());
    if (isTrigger) {
      // The pool references the trigger; the trigger referencing the pool would be a cycle.
      expect([vars('userPoolId'), vars('userPoolClientId'), vars('jwtIssuer')]).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    } else {
      expect(vars('userPoolClientId')).toBe(`\${${clientId()}}`);
      expect(vars('jwtIssuer')).toBe(issuer());
      expect(vars('jwksUri')).toBe(`${issuer()}/.well-known/jwks.json`);
    }

    if (access.table) {
      expect(vars('tableName')).toBe(`\${${tableId()}}`);
      expect(actions).toContain('dynamodb:Query');
      if (access.table === 'readWrite') expect(actions).toContain('dynamodb:PutItem');
      else expect(actions).not.toContain('dynamodb:PutItem');
    } else {
      expect(vars('tableName')).toBeUndefined();
      expect(actions.filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
    }

    if (access.webSocketManage) {
      expect(vars('webSocketEndpoint')).toBe(
        `https://\${${apiId('WEBSOCKET')}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/prod`,
      );
      expect(actions).toContain('execute-api:ManageConnections');
    } else {
      expect(vars('webSocketEndpoint')).toBeUndefined();
      expect(actions).not.toContain('execute-api:ManageConnections');
    }

    for (const [bucket, key] of [
      ['uploads', 'uploadsBucket'],
      ['exports', 'exportsBucket'],
    ] as const) {
      if (access.buckets?.includes(bucket)) {
        expect(vars(key)).toMatch(/^\$\{\w+\}$/);
        expect(actions).toEqual(
          expect.arrayContaining(['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket']),
        );
      } else {
        expect(vars(key)).toBeUndefined();
      }
    }
    if (!access.buckets?.length) expect(actions.filter((a) => a.startsWith('s3:'))).toEqual([]);
    expect(vars('bootstrapAdminEmails')).toBe('');

    for (const queue of queues) {
      const url = variables[queueUrlEnv[queue.name]];
      if (access.queues?.includes(queue.name)) {
        expect(url).toEqual({ Ref: queueIds(queue.name).queueId });
      } else {
        expect(url).toBeUndefined();
      }
    }
    // A stream consumer sends the batches it cannot process to the stream failure queue, and nothing else.
    if (!access.queues?.length && !streamConsumers.some((c) => c.function === name))
      expect(actions).not.toContain('sqs:SendMessage');

    if (access.userPool?.length) {
      // Exactly the calls the manifest names, nothing broader.
      expect(actions.filter((a) => a.startsWith('cognito-idp:')).sort()).toEqual(
        access.userPool.map((a) => `cognito-idp:${a}`).sort(),
      );
      if (!isTrigger) expect(vars('userPoolId')).toBe(`\${${userPoolId()}}`);
    } else {
      expect(vars('userPoolId')).toBeUndefined();
      expect(actions.filter((a) => a.startsWith('cognito-idp:'))).toEqual([]);
    }
  });
});

describe('website', () => {
  const distribution = () =>
    resources('AWS::CloudFront::Distribution')[distributionId()].Properties.DistributionConfig;
  const behavior = (pattern: string) =>
    distribution().CacheBehaviors.find((b: Json) => b.PathPattern === pattern) as Json;
  const originOf = (b: Json) => distribution().Origins.find((o: Json) => o.Id === b.TargetOriginId) as Json;
  const functionCode = (associations: Json[]) => {
    const [association] = associations;
    expect(association.EventType).toBe('viewer-request');
    return resources('AWS::CloudFront::Function')[association.FunctionARN['Fn::GetAtt'][0]].Properties
      .FunctionCode;
  };

  test('private bucket through origin access control, index.html as root', () => {
    const config = distribution();
    expect(config.DefaultRootObject).toBe('index.html');
    const s3Origin = originOf(config.DefaultCacheBehavior);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
  });

  test('SPA fallback rewrites client routes only, never API errors', () => {
    expect(distribution().CustomErrorResponses).toBeUndefined();
    const code = functionCode(distribution().DefaultCacheBehavior.FunctionAssociations);
    const routes: [string, string][] = [
      ['/', '/index.html'],
      ['/pricing', '/pricing/index.html'],
      ['/faq/', '/faq/index.html'],
      ['/privacy-policy', '/privacy-policy/index.html'],
      ['/terms', '/terms/index.html'],
      ['/resumes/abc', '/spa.html'],
      ['/auth', '/spa.html'],
    ];
    for (const [uri, file] of routes) {
      expect(runViewerRequest(code, uri)).toBe(file);
      // The local gateway picks its file with the same rule.
      expect(htmlFileFor(uri)).toBe(file);
    }
    expect(runViewerRequest(code, '/assets/index-1a2b.js')).toBe('/assets/index-1a2b.js');
    expect(runViewerRequest(code, '/config.json')).toBe('/config.json');
  });

  test('SPA fallback serves the pt-BR edition of a public page by language, cookie or query', () => {
    const code = functionCode(distribution().DefaultCacheBehavior.FunctionAssociations);
    const portuguese = { headers: { 'accept-language': { value: 'pt-BR,pt;q=0.9,en;q=0.8' } } };
    expect(runViewerRequest(code, '/pricing', portuguese)).toBe('/pt-BR/pricing/index.html');
    expect(runViewerRequest(code, '/', portuguese)).toBe('/pt-BR/index.html');
    expect(runViewerRequest(code, '/pricing', { ...portuguese, cookies: { lng: { value: 'en-US' } } })).toBe(
      '/pricing/index.html',
    );
    expect(runViewerRequest(code, '/faq', { querystring: { lng: { value: 'pt-BR' } } })).toBe(
      '/pt-BR/faq/index.html',
    );
    // App routes are the shell whatever the language.
    expect(runViewerRequest(code, '/resumes', portuguese)).toBe('/spa.html');
  });

  test('/api/* goes to the HTTP API uncached with all viewer headers but Host', () => {
    const api = behavior('/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
    });
    expect(api.FunctionAssociations).toBeUndefined();
    expect([...referencedIds(originOf(api).DomainName)]).toEqual([apiId('HTTP')]);
  });

  test('/ws goes to the WebSocket API stage, uncached', () => {
    const ws = behavior('/ws');
    expect(ws).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
    });
    expect([...referencedIds(originOf(ws).DomainName)]).toEqual([apiId('WEBSOCKET')]);
    expect(runViewerRequest(functionCode(ws.FunctionAssociations), '/ws')).toBe('/prod');
  });

  test('every behaviour sends the security headers: CSP, HSTS, nosniff, DENY, referrer, permissions and opener policies', () => {
    const [policyId, policy] = only(resources('AWS::CloudFront::ResponseHeadersPolicy'), () => true);
    const config = policy.Properties.ResponseHeadersPolicyConfig;
    const headers = config.SecurityHeadersConfig;
    expect(cfnString(headers.ContentSecurityPolicy.ContentSecurityPolicy)).toBe(
      [
        "default-src 'self'",
        // The socket opens on the page's own origin ('self'); the browser POSTs uploads to this stack's bucket.
        `connect-src 'self' https://cognito-idp.\${AWS::Region}.amazonaws.com https://${uploadsBucketName()}.s3.\${AWS::Region}.\${AWS::URLSuffix}`,
        "img-src 'self' data: blob:",
        "style-src 'self' 'unsafe-inline'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
      ].join('; '),
    );
    expect(headers).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY' },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
    });
    // Named without a reference to the bucket (its CORS names the distribution): the stack's name and id.
    const stackIdEnd = {
      'Fn::Select': [
        4,
        { 'Fn::Split': ['-', { 'Fn::Select': [2, { 'Fn::Split': ['/', { Ref: 'AWS::StackId' }] }] }] },
      ],
    };
    expect(uploadsBucket().Properties.BucketName).toEqual({
      'Fn::Join': ['', ['resumebuilder-test-uploads-', stackIdEnd]],
    });
    const custom = Object.fromEntries(
      config.CustomHeadersConfig.Items.map((h: Json) => [h.Header, [h.Value, h.Override]]),
    );
    expect(custom).toEqual({
      'Permissions-Policy': [expect.stringMatching(/^(?:[a-z-]+=\(\)(?:, |$))+$/), true],
      'Cross-Origin-Opener-Policy': ['same-origin', true],
    });
    expect(custom['Permissions-Policy'][0]).toEqual(expect.stringContaining('camera=(), '));
    for (const b of [distribution().DefaultCacheBehavior, ...distribution().CacheBehaviors]) {
      expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  test('deploys the SPA (hashed assets cached long) and pages, config.json and crawler files with no-cache', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': Match.stringLikeRegexp('immutable') },
      Exclude: ['*.html', 'config.json', 'robots.txt', 'sitemap.xml'],
    });
    const [, entry] = only(
      resources('Custom::CDKBucketDeployment'),
      (d) => d.Properties.SystemMetadata['cache-control'] === 'no-cache',
    );
    expect(entry.Properties.Include).toEqual(['*.html', 'config.json', 'robots.txt', 'sitemap.xml']);
    // The pages only once the assets they name are uploaded.
    const [assetsId] = only(
      resources('Custom::CDKBucketDeployment'),
      (d) => d.Properties.SystemMetadata['cache-control'] !== 'no-cache',
    );
    expect(entry.DependsOn).toEqual(expect.arrayContaining([assetsId]));
    expect(entry.Properties.DistributionPaths).toEqual(['/*']);
    // config.json carries the pool and the client, resolved at deploy time; the socket is the page's `/ws`.
    expect(referencedIds(entry.Properties.SourceMarkers)).toEqual(new Set([userPoolId(), clientId()]));
  });
});

describe('stack', () => {
  test('outputs', () => {
    for (const name of OUTPUTS) template.hasOutput(name, { Value: Match.anyValue() });
    const value = (name: string) => cfnString(template.findOutputs(name)[name]?.Value);
    expect(value('SiteUrl')).toBe(cloudFrontOrigin());
    expect(value('ApiUrl')).toBe(`${cloudFrontOrigin()}/api`);
    expect(value('WebSocketUrl')).toBe(`wss://\${${distributionId()}.DomainName}/ws`);
    expect(value('UserPoolId')).toBe(`\${${userPoolId()}}`);
    expect(value('UserPoolClientId')).toBe(`\${${clientId()}}`);
    expect(value('TableName')).toBe(`\${${tableId()}}`);
  });

  test('is named after its stage', () => {
    expect(stack.stackName).toBe('ResumeBuilder-test');
  });

  test('appOrigin overrides the CORS and ALLOWED_ORIGINS origin', () => {
    const appOrigin = 'https://app.example.com';
    const other = synth({ stage: 'other', appOrigin });

    const origins = Object.values(other.template.findResources('AWS::S3::Bucket'))
      .filter((b) => b.Properties.CorsConfiguration)
      .map((b) => b.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins);
    expect(origins).toEqual([[appOrigin], [appOrigin]]);
    for (const fn of Object.values(other.template.findResources('AWS::Lambda::Function'))) {
      const variables = fn.Properties.Environment?.Variables;
      if (variables?.[env.stage]) expect(variables[env.allowedOrigins]).toBe(appOrigin);
    }
  });
});

describe('social sign-in', () => {
  test('is off without configuration: no hosted UI, no identity providers', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO'],
    });
  });

  test('with a domain, an app origin and provider credentials: Google and LinkedIn OIDC on the client', () => {
    const appOrigin = 'https://app.example.com';
    const social = synth({
      stage: 'social',
      appOrigin,
      social: {
        domainPrefix: 'resume-builder-social',
        google: { clientId: 'google-client', secretName: 'rb/google' },
        linkedin: { clientId: 'linkedin-client', secretName: 'rb/linkedin' },
      },
    }).template;

    social.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: 'google-client',
        authorize_scopes: 'openid email profile',
      }),
    });
    social.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'LinkedIn',
      ProviderType: 'OIDC',
      ProviderDetails: Match.objectLike({
        client_id: 'linkedin-client',
        oidc_issuer: 'https://www.linkedin.com/oauth',
      }),
    });
    social.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'resume-builder-social' });
    // The SPA exchanges the OAuth code with the hosted-UI domain: the CSP must let it.
    const [policy] = Object.values(social.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(
      cfnString(
        policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
          .ContentSecurityPolicy,
      ),
    ).toMatch(/connect-src [^;]* https:\/\/\$\{AuthDomain\w+\}\.auth\./);
    social.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', 'Google', 'LinkedIn'],
      AllowedOAuthFlows: ['code'],
      CallbackURLs: [`${appOrigin}/auth/callback`, `${appOrigin}/account-settings`],
      LogoutURLs: [`${appOrigin}/auth`],
    });
  });
});

describe('Brazilian hosts', () => {
  test('are app origins too: CORS, ALLOWED_ORIGINS (WebSocket origin check, e-mail links) and config.json', () => {
    const appOrigin = 'https://app.example.com';
    const br = synth({ stage: 'br', appOrigin, ptBrHosts: ['curriculos.example.com.br'] }).template;

    const expected = `${appOrigin},https://curriculos.example.com.br`;
    for (const fn of Object.values(br.findResources('AWS::Lambda::Function'))) {
      const variables = fn.Properties.Environment?.Variables;
      if (variables?.[env.stage]) expect(variables[env.allowedOrigins]).toBe(expected);
      // The billing function charges BRL on these hosts (shared/prices.ts currencyForHost).
      if (variables?.[env.stage]) expect(variables[env.ptBrHosts]).toBe('curriculos.example.com.br');
    }
    const origins = Object.values(br.findResources('AWS::S3::Bucket'))
      .filter((b) => b.Properties.CorsConfiguration)
      .map((b) => b.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins);
    expect(origins).toEqual([expected.split(','), expected.split(',')]);
  });
});

describe('a deploy that works the first time (dev stage)', () => {
  test('the alarm topic lets CloudWatch publish (this account, this stack’s alarms) and still refuses plain HTTP', () => {
    const topicId = singleId('AWS::SNS::Topic');
    const [, policy] = only(resources('AWS::SNS::TopicPolicy'), (p) =>
      p.Properties.Topics.some((t: Json) => t.Ref === topicId),
    );
    const statements: Json[] = policy.Properties.PolicyDocument.Statement;
    expect(statements).toHaveLength(2);
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Deny',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      ]),
    );
    const allow = statements.find((s) => s.Effect === 'Allow');
    expect(allow).toMatchObject({
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: 'sns:Publish',
      Resource: { Ref: topicId },
      Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
    });
    expect(cfnString(allow.Condition.ArnLike['aws:SourceArn'])).toBe(
      `arn:\${AWS::Partition}:cloudwatch:\${AWS::Region}:\${AWS::AccountId}:alarm:${stack.stackName}-*`,
    );
  });

  test.each(functionNames)('%s: alarms on errors and throttles, sent to the alarm topic', (name) => {
    const fnId = functionId(template, name);
    const topicId = singleId('AWS::SNS::Topic');
    for (const metric of ['Errors', 'Throttles']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName: metric,
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: fnId } }],
        Statistic: 'Sum',
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        AlarmActions: [{ Ref: topicId }],
      });
    }
  });

  test('both API stages write access logs to a log group with retention; the WebSocket one through the account role', () => {
    for (const protocol of ['HTTP', 'WEBSOCKET'] as const) {
      const [, stage] = only(
        resources('AWS::ApiGatewayV2::Stage'),
        (s) => s.Properties.ApiId.Ref === apiId(protocol),
      );
      const settings = stage.Properties.AccessLogSettings;
      expect(JSON.parse(settings.Format)).toMatchObject({ requestId: '$context.requestId' });
      const [logGroupId] = [...referencedIds(settings.DestinationArn)];
      expect(resources('AWS::Logs::LogGroup')[logGroupId ?? '']?.Properties.RetentionInDays).toBe(90);
    }
    // A WebSocket stage cannot log without the account's API Gateway CloudWatch role: it is set first.
    const [accountId, account] = only(resources('AWS::ApiGateway::Account'), () => true);
    const [, wsStage] = only(
      resources('AWS::ApiGatewayV2::Stage'),
      (s) => s.Properties.ApiId.Ref === apiId('WEBSOCKET'),
    );
    expect(wsStage.DependsOn).toEqual(expect.arrayContaining([accountId]));
    const roleId = account.Properties.CloudWatchRoleArn['Fn::GetAtt'][0];
    const role = resources('AWS::IAM::Role')[roleId];
    expect(role.DeletionPolicy).toBe('Retain');
    expect(JSON.stringify(role.Properties.ManagedPolicyArns)).toContain(
      'AmazonAPIGatewayPushToCloudWatchLogs',
    );
  });

  // The pool names its triggers, so a grant naming the pool must not be a dependency of the functions (a
  // cycle CloudFormation refuses; Template.fromStack refuses it too, so the synth above is that check).
  test('triggers may call their own pool only', () => {
    for (const name of new Set(Object.values(cognitoTriggers))) {
      const cognitoStatements = roleStatements(template, functionId(template, name)).filter((s) =>
        [s.Action].flat().some((a: string) => a.startsWith('cognito-idp:')),
      );
      expect(cognitoStatements.length > 0).toBe(Boolean((functions[name].access as FunctionAccess).userPool));
      for (const statement of cognitoStatements) {
        expect(statement.Resource).toEqual({ 'Fn::GetAtt': [userPoolId(), 'Arn'] });
      }
    }
  });

  test('dev stages clean up: table, pool, buckets (emptied first) and log groups go with the stack', () => {
    const deletable = (type: string) =>
      Object.values(resources(type)).map((r) => [r.DeletionPolicy, r.UpdateReplacePolicy]);
    for (const type of [
      'AWS::DynamoDB::Table',
      'AWS::Cognito::UserPool',
      'AWS::S3::Bucket',
      'AWS::Logs::LogGroup',
    ]) {
      for (const policies of deletable(type)) expect(policies).toEqual(['Delete', 'Delete']);
    }
    expect(resources('AWS::DynamoDB::Table')[tableId()].Properties.DeletionProtectionEnabled).toBe(false);
    expect(resources('AWS::Cognito::UserPool')[userPoolId()].Properties.DeletionProtection).toBe('INACTIVE');
    const emptied = new Set(
      Object.values(resources('Custom::S3AutoDeleteObjects')).map((r) => r.Properties.BucketName.Ref),
    );
    expect(emptied).toEqual(new Set(Object.keys(resources('AWS::S3::Bucket'))));
  });

  test('without SES, product mail is off: empty sender, no SES permission anywhere', () => {
    for (const name of functionNames) {
      const id = functionId(template, name);
      const variables = resources('AWS::Lambda::Function')[id].Properties.Environment.Variables;
      if ((functions[name].access as FunctionAccess).mail) expect(variables[env.mailFrom]).toBe('');
      expect(actionsOf(roleStatements(template, id)).filter((a) => a.startsWith('ses:'))).toEqual([]);
    }
    const [pool] = Object.values(resources('AWS::Cognito::UserPool'));
    expect(pool.Properties.EmailConfiguration).toBeUndefined();
  });
});
