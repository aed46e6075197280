import { CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges cdk-nag findings (`AwsSolutions-IAM5[Resource::*]`, `Serverless-LambdaDLQ`, ...) on a construct and
 * everything under it, with the reason that covers them all. The stack tests run cdk-nag's AwsSolutions and
 * Serverless packs (tests/stack/nag.test.ts) and fail on any finding not fixed or acknowledged this way.
 */
export function acknowledge(scope: IConstruct, reason: string, ...ids: string[]): void {
  for (const id of ids) Validations.of(scope).acknowledge({ id, reason });
}

/**
 * Why neither CloudFront nor the buckets write access logs (cdk-nag AwsSolutions-CFR3 and S1): their logs
 * keep query strings, which carry the WebSocket's single-use ticket and presigned URLs' signatures, and no
 * token may reach a log.
 */
export const NO_ACCESS_LOGS =
  'No access logs: S3 and CloudFront logs keep query strings, which carry the WebSocket ticket and presigned URL signatures (tokens never go to logs). API Gateway access logs record every API request without them.';

/**
 * A singleton CDK adds at the stack's root for its own resources (the bucket deployment's handler, the bucket
 * notifications handler), found by the start of its construct id; none when it was not created.
 */
export function stackSingleton(scope: IConstruct, idPrefix: string): IConstruct | undefined {
  return Stack.of(scope).node.children.find((child) => child.node.id.startsWith(idPrefix));
}

/** How cdk-nag writes a resource's `Ref` in a finding id: `<LogicalId>`. */
export function refOf(resource: IConstruct): string {
  return `<${logicalIdOf(resource)}>`;
}

/** How cdk-nag writes a resource's `Fn::GetAtt Arn` in a finding id: `<LogicalId.Arn>`. */
export function arnOf(resource: IConstruct): string {
  return `<${logicalIdOf(resource)}.Arn>`;
}

function logicalIdOf(resource: IConstruct): string {
  const element = CfnElement.isCfnElement(resource) ? resource : resource.node.defaultChild;
  if (!element || !CfnElement.isCfnElement(element)) {
    throw new Error(`${resource.node.path} is not a CloudFormation resource`);
  }
  return Stack.of(resource).resolve(element.logicalId) as string;
}
