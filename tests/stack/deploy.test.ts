import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { env, type FunctionName } from '#functions/contract';
import { type FunctionAccess, functions } from '#infra/app-manifest';
import { Auth } from '#infra/lib/auth';
import { checkCertificateArn } from '#infra/lib/deploy-checks';
import { buildStack } from '#infra/lib/resume-builder-stack';
import {
  actionsOf,
  cfnString,
  functionId,
  type Json,
  roleStatements,
  siteFixture,
  synth,
  testApp,
} from './template-helpers.ts';

// The production stage (with a custom domain), synthesized once, and the synth-time refusals of a deploy that would fail late or
// silently. The dev stage's side of each rule is asserted on stack.test.ts's template.

const mail = {
  fromEmail: 'no-reply@example.com',
  verifiedDomain: 'example.com',
  configurationSet: 'resume-builder',
};
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
let template: Template;
let emptyDir: string;

beforeAll(() => {
  ({ template } = synth({
    stage: 'prod',
    appOrigin: 'https://app.example.com',
    ptBrHosts: ['curriculos.example.com.br'],
    certificateArn,
    mail,
  }));
  emptyDir = mkdtempSync(join(tmpdir(), 'deploy-test-empty-'));
});

afterAll(() => {
  rmSync(emptyDir, { recursive: true, force: true });
});

/** The start of an SES ARN in this stack's account and region, as `cfnString` renders it. */
const sesArn = `arn:\${AWS::Partition}:ses:\${AWS::Region}:\${AWS::AccountId}`;
const functionNames = Object.keys(functions) as FunctionName[];
const resources = (type: string): Record<string, Json> => template.findResources(type);

describe('custom domain', () => {
  test('with a certificate, CloudFront answers on the app host and the Brazilian hosts', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.com', 'curriculos.example.com.br'],
        ViewerCertificate: Match.objectLike({
          AcmCertificateArn: certificateArn,
          SslSupportMethod: 'sni-only',
        }),
      }),
    });
  });

  test('the CSP names the custom hosts’ WebSocket origins (the socket opens on the page’s own host), never wss:', () => {
    const [policy] = Object.values(resources('AWS::CloudFront::ResponseHeadersPolicy'));
    const csp = cfnString(
      policy?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
        .ContentSecurityPolicy,
    );

    expect(csp).toMatch(
      /connect-src 'self' wss:\/\/app\.example\.com wss:\/\/curriculos\.example\.com\.br https:/,
    );
    expect(csp).not.toMatch(/wss:(?!\/\/)|\*\.s3\./);
  });
});

describe('production keeps its data', () => {
  test('table, user pool, user-file buckets and log groups are retained; table and pool deletion-protected', () => {
    for (const type of ['AWS::DynamoDB::Table', 'AWS::Cognito::UserPool', 'AWS::Logs::LogGroup']) {
      const all = Object.values(resources(type));
      expect(all.length).toBeGreaterThan(0);
      for (const r of all) expect([r.DeletionPolicy, r.UpdateReplacePolicy]).toEqual(['Retain', 'Retain']);
    }
    const userBuckets = Object.values(resources('AWS::S3::Bucket')).filter(
      (b) => b.Properties.CorsConfiguration,
    );
    expect(userBuckets).toHaveLength(2);
    for (const b of userBuckets) expect(b.DeletionPolicy).toBe('Retain');
    // Never emptied by the stack: only the website bucket (build output) is.
    expect(Object.keys(resources('Custom::S3AutoDeleteObjects'))).toHaveLength(1);
    template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
    template.hasResourceProperties('AWS::Cognito::UserPool', { DeletionProtection: 'ACTIVE' });
  });
});

describe('mail through SES', () => {
  test('the user pool sends auth mail from the SES identity, with the configuration set', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: 'Resume Builder <no-reply@example.com>',
        ConfigurationSet: 'resume-builder',
      }),
    });
    const [pool] = Object.values(resources('AWS::Cognito::UserPool'));
    expect(cfnString(pool.Properties.EmailConfiguration.SourceArn)).toBe(`${sesArn}:identity/example.com`);
  });

  test.each(functionNames)(
    '%s: ses:SendEmail on the identity (and configuration set) only if it sends mail',
    (name) => {
      const id = functionId(template, name);
      const statements = roleStatements(template, id).filter((s: Json) =>
        [s.Action].flat().some((a: string) => a.startsWith('ses:')),
      );
      const variables = resources('AWS::Lambda::Function')[id].Properties.Environment.Variables;
      if ((functions[name].access as FunctionAccess).mail) {
        expect(actionsOf(statements)).toEqual(['ses:SendEmail']);
        expect(
          statements
            .flatMap((s: Json) => [s.Resource].flat())
            .map(cfnString)
            .sort(),
        ).toEqual([`${sesArn}:configuration-set/resume-builder`, `${sesArn}:identity/example.com`]);
        expect(variables[env.mailFrom]).toBe('Resume Builder <no-reply@example.com>');
        expect(variables[env.mailConfigurationSet]).toBe('resume-builder');
      } else {
        expect(statements).toEqual([]);
        expect(variables[env.mailFrom]).toBeUndefined();
      }
    },
  );

  test('a dev stage without SES warns at synth (Cognito’s own sender, about 50 a day)', () => {
    const stack = new Stack(new App(), 'NoSes');
    new Auth(stack, 'Auth');
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('No sesFromEmail'));
  });
});

describe('refused at synth', () => {
  const attempt = (props: Parameters<typeof buildStack>[1]) => () =>
    buildStack(testApp(), { frontendDist: siteFixture, ...props });

  test('production without sesFromEmail, naming the context key', () => {
    expect(attempt({ stage: 'prod' })).toThrow(/context sesFromEmail/);
  });

  test('npm run deploy builds the SPA before cdk deploy', () => {
    const scripts = (
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.deploy).toMatch(/^npm run build && cdk deploy\b/);
  });

  test('a missing SPA build, or a folder without index.html: run npm run build', () => {
    expect(attempt({ stage: 'dev', frontendDist: join(emptyDir, 'missing') })).toThrow(
      /does not exist\): run `npm run build`/,
    );
    expect(attempt({ stage: 'dev', frontendDist: emptyDir })).toThrow(/no index\.html.*npm run build/);
  });

  test('a certificate outside us-east-1, or one without the app origin it is for', () => {
    const appOrigin = 'https://app.example.com';
    expect(
      attempt({
        stage: 'dev',
        appOrigin,
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/x',
      }),
    ).toThrow(/eu-west-1, but CloudFront only accepts ACM certificates from us-east-1/);
    expect(
      attempt({ stage: 'dev', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x' }),
    ).toThrow(/certificateArn needs appOrigin/);
    expect(() => checkCertificateArn('not-an-arn')).toThrow(/is not an ARN/);
    expect(() => checkCertificateArn('arn:aws:iam::123456789012:role/x')).toThrow(/not an ACM certificate/);
    expect(() => checkCertificateArn('arn:aws:acm:us-east-1:123456789012:certificate/x')).not.toThrow();
  });

  test('the context keys reach the stack: sesFromEmail and friends', () => {
    const app = testApp({
      stage: 'prod',
      sesFromEmail: 'mail@example.org',
      sesRegion: 'eu-west-1',
    });
    // Only up to the first refusal: a missing site folder is checked after the stage's mail, so the mail
    // settings were read from context when this throws about the site and not about sesFromEmail.
    expect(() => buildStack(app, { frontendDist: join(emptyDir, 'missing') })).toThrow(/npm run build/);
  });
});
