import { Aws, Duration, Fn, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { table } from '#functions/adapters/table/schema';
import { acknowledge, NO_ACCESS_LOGS } from './acknowledge.ts';

/**
 * The uploads bucket's name, `{stack name}-uploads-{12 hex digits of the stack id}`: fixed at synth time up
 * to the stack id, so the CSP can name the bucket's origin without referencing the bucket (whose CORS names
 * the distribution that carries the CSP: a cycle). The stack id makes it unique per stack, also against a
 * retained bucket of a deleted stack of the same name.
 */
export function uploadsBucketName(stack: Stack): string {
  const stackId = Fn.select(4, Fn.split('-', Fn.select(2, Fn.split('/', Aws.STACK_ID))));
  const prefix = stack.stackName
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 42)
    .replace(/-+$/, '');
  return `${prefix}-uploads-${stackId}`;
}

/** The origin the browser POSTs uploads to (the SDK's presigned POSTs use the regional virtual-host name). */
export function bucketOrigin(stack: Stack, bucketName: string): string {
  return `https://${bucketName}.s3.${stack.region}.${stack.urlSuffix}`;
}

export interface DataProps {
  /** Browser origins (https://...) allowed to POST uploads and GET exports from a browser. */
  allowedOrigins: string[];
  /** The uploads bucket's name (`uploadsBucketName`), which the CSP names too. */
  uploadsBucketName: string;
  uploadsExpiry?: Duration;
  exportsExpiry?: Duration;
  /**
   * Production: the table and buckets hold customers' data, so they outlive the stack (retained) and the
   * table cannot be deleted (deletion protection). Otherwise (a dev stage) they go with the stack, the
   * buckets emptied first.
   */
  retain: boolean;
}

/** The single table and the two user-file buckets. */
export class Data extends Construct {
  readonly table: Table;
  readonly uploads: Bucket;
  readonly exports: Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: table.partitionKey, type: AttributeType.STRING },
      sortKey: { name: table.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: table.ttlAttribute,
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of table.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }

    // Uploads: the browser POSTs a presigned form; exports: the browser GETs a presigned URL. Uploaded
    // files (`users/`) are read once and expire; resume photos (`photos/`) live as long as their owner.
    this.uploads = this.userFilesBucket(
      props.retain,
      'Uploads',
      props.uploadsBucketName,
      props.allowedOrigins,
      [HttpMethods.POST],
      props.uploadsExpiry ?? Duration.days(7),
      'users/',
    );
    this.exports = this.userFilesBucket(
      props.retain,
      'Exports',
      undefined,
      props.allowedOrigins,
      [HttpMethods.GET, HttpMethods.HEAD],
      props.exportsExpiry ?? Duration.days(1),
    );
  }

  private userFilesBucket(
    retain: boolean,
    id: string,
    bucketName: string | undefined,
    origins: string[],
    methods: HttpMethods[],
    expiry: Duration,
    expiringPrefix?: string,
  ): Bucket {
    const bucket = new Bucket(this, id, {
      ...(bucketName ? { bucketName } : {}),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      ...(retain
        ? { removalPolicy: RemovalPolicy.RETAIN }
        : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true }),
      cors: [
        {
          allowedOrigins: origins,
          allowedMethods: methods,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: expiringPrefix
        ? [
            { prefix: expiringPrefix, expiration: expiry },
            { abortIncompleteMultipartUploadAfter: Duration.days(1) },
          ]
        : [{ expiration: expiry, abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
    acknowledge(bucket, NO_ACCESS_LOGS, 'AwsSolutions-S1');
    return bucket;
  }
}
