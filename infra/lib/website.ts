import { DefaultStackSynthesizer, Duration, Fn, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  type BehaviorOptions,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { type RuntimeConfig, runtimeConfigSchema } from '#shared/runtime-config';
import { viewerRequestFunction } from '#shared/site';
import { acknowledge, arnOf, NO_ACCESS_LOGS, stackSingleton } from './acknowledge.ts';
import { checkCertificateArn, checkSiteAssets } from './deploy-checks.ts';
import { contentSecurityPolicy, crossOriginOpenerPolicy, permissionsPolicy } from './security-headers.ts';

/** Files that must never be cached long: pages, the app shell, runtime config, crawler files. */
const entryFiles = ['*.html', 'config.json', 'robots.txt', 'sitemap.xml'];

export interface WebsiteProps {
  /** `https://{apiId}.execute-api.{region}.amazonaws.com` of the HTTP API (routes already start with /api). */
  httpApiEndpoint: string;
  /** WebSocket API endpoint (`wss://...`) and the stage the `/ws` path is rewritten to. */
  webSocketApiEndpoint: string;
  webSocketStageName: string;
  /** Built SPA (`frontend/dist`); the synth fails without it (with no index.html), rather than deploy a blank site. */
  frontendDist: string;
  /** Cognito hosted-UI domain the SPA exchanges OAuth codes with, when social sign-in is on. */
  oauthDomain?: string;
  /** Custom domain names (the app origin first, then e.g. the Brazilian host) and their ACM certificate (us-east-1). */
  customDomain?: { domainNames: string[]; certificateArn: string };
  /** Hosts whose visitors get the pt-BR/BRL edition of the prerendered pages. */
  ptBrHosts?: string[];
  /**
   * `https://{bucket}.s3.{region}.{suffix}`: where the browser POSTs uploads (presigned). Built from the
   * bucket's name, not from the bucket: the bucket's CORS names this distribution, so a reference would
   * be a cycle.
   */
  uploadsOrigin: string;
}

/**
 * The SPA's private bucket behind CloudFront, which is also the app's single origin:
 * `/api/*` goes to the HTTP API and `/ws` to the WebSocket API, so the browser never needs CORS.
 */
export class Website extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  /** `https://{distribution domain}`. */
  readonly origin: string;
  private readonly frontendDist: string;

  constructor(scope: Construct, id: string, props: WebsiteProps) {
    super(scope, id);
    const region = Stack.of(this).region;
    checkSiteAssets(props.frontendDist);
    if (props.customDomain) checkCertificateArn(props.customDomain.certificateArn);
    this.frontendDist = props.frontendDist;

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // Only build output lives here; it is recreated by every deploy.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    acknowledge(
      this.bucket,
      `${NO_ACCESS_LOGS} This bucket holds only the build output, read by CloudFront alone (origin access control).`,
      'AwsSolutions-S1',
    );

    // The browser's WebSocket opens on the page's own origin (config.json `wsUrl` is `/ws`), which 'self'
    // covers in CSP Level 3 browsers; a custom domain's hosts are also named, for the browsers before that
    // (Safari 15). The CloudFront domain cannot be named: the policy would depend on its own distribution.
    const webSocketOrigins = (props.customDomain?.domainNames ?? []).map((host) => `wss://${host}`);
    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers for the SPA and the API',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            connect: [
              ...webSocketOrigins,
              `https://cognito-idp.${region}.amazonaws.com`,
              props.uploadsOrigin,
              ...(props.oauthDomain ? [`https://${props.oauthDomain}`] : []),
            ],
          }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(730),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'Permissions-Policy', value: permissionsPolicy, override: true },
          { header: 'Cross-Origin-Opener-Policy', value: crossOriginOpenerPolicy, override: true },
        ],
      },
    });

    // SPA fallback for client-side routes only. Distribution-level error responses would also rewrite the
    // API's 403/404 into HTML, so extension-less paths are rewritten here, on the default behaviour: the
    // prerendered public pages to their own file in the visitor's edition (host, ?lng, the lng cookie,
    // Accept-Language: shared/site.ts, the rule the local gateway runs too), every other route to the bare
    // app shell. The rewrite comes before the cache, so each edition is cached as its own object.
    const spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'Prerendered pages and the app shell for client-side routes',
      code: FunctionCode.fromInline(viewerRequestFunction(props.ptBrHosts ?? [])),
    });

    // A WebSocket API only answers on its stage path (`/prod/ws` would be a 403), so `/ws` becomes `/{stage}`.
    const webSocketRewrite = new CloudFrontFunction(this, 'WebSocketRewrite', {
      comment: 'Map /ws to the WebSocket API stage',
      code: FunctionCode.fromInline(
        [
          'function handler(event) {',
          '  var request = event.request;',
          `  request.uri = '/${props.webSocketStageName}';`,
          '  return request;',
          '}',
        ].join('\n'),
      ),
    });

    const passThrough: Omit<BehaviorOptions, 'origin'> = {
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeadersPolicy,
      compress: false,
    };

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `${Stack.of(this).stackName} web app`,
      ...(props.customDomain
        ? {
            domainNames: props.customDomain.domainNames,
            certificate: Certificate.fromCertificateArn(
              this,
              'Certificate',
              props.customDomain.certificateArn,
            ),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          ...passThrough,
          origin: new HttpOrigin(Fn.parseDomainName(props.httpApiEndpoint), {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          }),
        },
        '/ws': {
          ...passThrough,
          origin: new HttpOrigin(Fn.parseDomainName(props.webSocketApiEndpoint), {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          }),
          functionAssociations: [{ function: webSocketRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    acknowledge(this.distribution, NO_ACCESS_LOGS, 'AwsSolutions-CFR3');
    acknowledge(
      this.distribution,
      'Sold worldwide (English and Brazilian Portuguese editions): no country is refused.',
      'AwsSolutions-CFR1',
    );
    acknowledge(
      this.distribution,
      'No web ACL: a CloudFront one must live in us-east-1 whatever the stack’s region, and is billed per request. Abuse is bounded by API Gateway throttling and the per-user limits of the handlers.',
      'AwsSolutions-CFR2',
    );
    if (!props.customDomain) {
      acknowledge(
        this.distribution,
        'Without a custom domain CloudFront serves its *.cloudfront.net certificate, whose TLS policy CloudFront fixes; with certificateArn the distribution requires TLS 1.2 (TLSv1.2_2021).',
        'AwsSolutions-CFR4',
      );
    }

    this.origin = props.customDomain?.domainNames[0]
      ? `https://${props.customDomain.domainNames[0]}`
      : `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Deploys the built SPA and `config.json`. The config is validated against the SPA's own schema here, so a
   * field the front end requires cannot be forgotten; it is served with no-cache, like the pages, while
   * hashed assets are cached for a year. The pages go after the assets (a CloudFormation dependency): an
   * index.html must never name a script that is not uploaded yet.
   */
  deploy(config: RuntimeConfig): void {
    const runtimeConfig = runtimeConfigSchema.parse(config);
    checkSiteAssets(this.frontendDist);

    const assets = new BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      sources: [Source.asset(this.frontendDist)],
      exclude: [...entryFiles],
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.days(365)),
        CacheControl.immutable(),
      ],
      // Keep old hashed assets: tabs still running the previous index.html may lazy-load them.
      prune: false,
    });
    const entry = new BucketDeployment(this, 'DeployEntry', {
      destinationBucket: this.bucket,
      sources: [Source.asset(this.frontendDist), Source.jsonData('config.json', runtimeConfig)],
      exclude: ['*'],
      include: [...entryFiles],
      cacheControl: [CacheControl.noCache()],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    entry.node.addDependency(assets);
    this.acknowledgeDeploymentHandler();
  }

  /** The handler both deployments share is CDK's own (a singleton at the stack's root): its code, runtime and grants are CDK's. */
  private acknowledgeDeploymentHandler(): void {
    const handler = stackSingleton(this, 'Custom::CDKBucketDeployment');
    if (!handler) throw new Error('BucketDeployment created no handler');
    const stack = Stack.of(this);
    const qualifier =
      (stack.node.tryGetContext('@aws-cdk/core:bootstrapQualifier') as string | undefined) ??
      DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const cdk = 'CDK’s BucketDeployment handler (aws-cdk-lib): ';
    acknowledge(
      handler,
      `${cdk}its runtime is chosen by aws-cdk-lib and moves with it.`,
      'AwsSolutions-L1',
      'Serverless-LambdaLatestVersion',
    );
    acknowledge(
      handler,
      `${cdk}CDK sets no tracing on it; it runs only during deploys.`,
      'Serverless-LambdaTracing',
    );
    acknowledge(
      handler,
      `${cdk}CloudFormation invokes it and reads its answer; a failure fails the deploy, with nothing for a DLQ to keep.`,
      'Serverless-LambdaDLQ',
    );
    acknowledge(
      handler,
      `${cdk}CDK gives its role the basic execution policy.`,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    );
    acknowledge(
      handler,
      `${cdk}CDK’s grants: read the CDK asset bucket’s objects, replace the site bucket’s objects, and invalidate the distribution (CloudFront invalidations take no resource).`,
      'AwsSolutions-IAM5[Action::s3:GetObject*]',
      'AwsSolutions-IAM5[Action::s3:GetBucket*]',
      'AwsSolutions-IAM5[Action::s3:List*]',
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
      'AwsSolutions-IAM5[Action::s3:Abort*]',
      `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-<AWS::Region>/*]`,
      `AwsSolutions-IAM5[Resource::${arnOf(this.bucket)}/*]`,
      'AwsSolutions-IAM5[Resource::*]',
    );
  }
}
