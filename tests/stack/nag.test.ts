import { describe, expect, test } from '@jest/globals';
import type { Stack } from 'aws-cdk-lib';
import { AwsSolutionsChecks, type NagPack, ServerlessChecks } from 'cdk-nag';
import { synth } from './template-helpers.ts';

// cdk-nag's AwsSolutions and Serverless packs over the synthesized stack. Every finding is fixed or
// acknowledged in code next to its resource with the reason (`Validations.of(construct).acknowledge`), so
// any new error or warning fails here, naming the rule and the construct.

/** The stages that differ in what they create: a dev stage, and production with every option set. */
const stages = {
  dev: () => synth({ stage: 'test' }).stack,
  production: () =>
    synth({
      stage: 'prod',
      appOrigin: 'https://app.example.com',
      ptBrHosts: ['curriculos.example.com.br'],
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      alarmEmail: 'ops@example.com',
      mail: { fromEmail: 'no-reply@example.com', verifiedDomain: 'example.com' },
      social: {
        domainPrefix: 'resume-builder-nag',
        google: { clientId: 'google-client', secretName: 'rb/google' },
        linkedin: { clientId: 'linkedin-client', secretName: 'rb/linkedin' },
      },
    }).stack,
} satisfies Record<string, () => Stack>;

const packs: Record<string, () => NagPack> = {
  AwsSolutions: () => new AwsSolutionsChecks(undefined, { verbose: true }),
  Serverless: () => new ServerlessChecks(undefined, { verbose: true }),
};

/** `severity rule at construct path`, one line per unacknowledged finding. */
function findings(pack: NagPack, stack: Stack): string[] {
  const report = pack.validateScope(stack);
  return report.violations.flatMap((violation) =>
    violation.violatingResources.map(
      (resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}`,
    ),
  );
}

describe.each(Object.entries(stages))('the %s stage', (_, build) => {
  const stack = build();

  test.each(Object.keys(packs))('has no unacknowledged %s finding, error or warning', (name) => {
    const pack = packs[name]?.();
    if (!pack) throw new Error(`no pack ${name}`);

    expect(findings(pack, stack)).toEqual([]);
  });
});

describe('the check itself', () => {
  test('reports an unacknowledged finding (a bucket without access logs)', async () => {
    const { Bucket } = await import('aws-cdk-lib/aws-s3');
    const stack = stages.dev();
    new Bucket(stack, 'Unlogged');

    expect(findings(new AwsSolutionsChecks(), stack)).toContain(
      `error AwsSolutions-S1 at ${stack.stackName}/Unlogged/Resource`,
    );
  });
});
