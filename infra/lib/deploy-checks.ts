import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Arn, ArnFormat, Token } from 'aws-cdk-lib';

/**
 * Checks made at synth time for mistakes that CloudFormation would only report half way through a deploy,
 * or not at all (a blank site, a certificate CloudFront cannot use, auth mail capped at 50 a day).
 */

/** A configuration the stack refuses: the CDK app prints its message alone, without a stack trace. */
export class DeployCheckError extends Error {
  override name = 'DeployCheckError';
}

/** Stages that hold customers' data: retained on delete, deletion-protected, and mail through SES required. */
export function isProductionStage(stage: string): boolean {
  return stage === 'prod' || stage === 'production';
}

/** Refuses a site folder without a built SPA: deploying it would replace the site with a blank one. */
export function checkSiteAssets(dir: string): void {
  if (!existsSync(dir)) {
    throw new DeployCheckError(
      `The built SPA is missing (${dir} does not exist): run \`npm run build\` first (\`npm run deploy\` does).`,
    );
  }
  if (!existsSync(join(dir, 'index.html'))) {
    throw new DeployCheckError(
      `${dir} has no index.html, so it is not a built SPA: run \`npm run build\` first (\`npm run deploy\` does).`,
    );
  }
}

/** CloudFront only takes ACM certificates from us-east-1; anything else fails at CloudFront time. */
export const CLOUDFRONT_CERTIFICATE_REGION = 'us-east-1';

/** Refuses a `certificateArn` that is not an ACM certificate in us-east-1 (a token is left to CloudFormation). */
export function checkCertificateArn(certificateArn: string): void {
  if (Token.isUnresolved(certificateArn)) return;
  let parts: ReturnType<typeof Arn.split>;
  try {
    parts = Arn.split(certificateArn, ArnFormat.SLASH_RESOURCE_NAME);
  } catch {
    throw new DeployCheckError(`Context certificateArn '${certificateArn}' is not an ARN.`);
  }
  if (parts.service !== 'acm' || parts.resource !== 'certificate') {
    throw new DeployCheckError(`Context certificateArn '${certificateArn}' is not an ACM certificate ARN.`);
  }
  if (parts.region !== CLOUDFRONT_CERTIFICATE_REGION) {
    throw new DeployCheckError(
      `Context certificateArn is in ${parts.region || 'no region'}, but CloudFront only accepts ACM certificates from ${CLOUDFRONT_CERTIFICATE_REGION}: request or import the certificate there.`,
    );
  }
}
