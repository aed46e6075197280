import { resolve } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import type { FunctionDef } from '#infra/app-manifest';
import { AppFunction } from '#infra/lib/app-function';
import { actionsOf, type Json, roleStatements } from './template-helpers.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

/** A function that is not in the manifest, so the construct can be tested with access nobody has yet. */
const fixture: FunctionDef = {
  entry: 'functions/handlers/health.ts',
  description: 'fixture',
  memoryMb: 256,
  timeoutSeconds: 5,
  access: { queues: ['pdf-render'] },
};

/** A stack holding two queues and one AppFunction of the given definition (bundling skipped). */
function fixtureStack(definition: FunctionDef) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'Fixture');
  const pdf = new Queue(stack, 'PdfRender');
  const other = new Queue(stack, 'Import');
  const queues = new Map([
    ['pdf-render', pdf],
    ['import', other],
  ]);
  const appFunction = new AppFunction(stack, 'Fn', {
    name: 'fixture',
    definition,
    repoRoot,
    environment: {},
  });
  return {
    stack,
    appFunction,
    queues,
    ids: { pdf: stack.getLogicalId(pdf.node.defaultChild as CfnElement) },
  };
}

const onlyFunction = (template: Template): [string, Json] => {
  const entries = Object.entries(template.findResources('AWS::Lambda::Function'));
  expect(entries).toHaveLength(1);
  return entries[0] as [string, Json];
};

describe('AppFunction queue grants', () => {
  test('a granted queue: SendMessage on that queue only, and its URL in its own variable', () => {
    const { stack, appFunction, queues, ids } = fixtureStack(fixture);

    appFunction.grantQueueSend(fixture.access.queues ?? [], queues);

    const template = Template.fromStack(stack);
    const [fnId, fn] = onlyFunction(template);
    expect(fn.Properties.Environment.Variables.QUEUE_URL_PDF_RENDER).toEqual({ Ref: ids.pdf });
    expect(fn.Properties.Environment.Variables.QUEUE_URL_IMPORT).toBeUndefined();
    const statements = roleStatements(template, fnId);
    expect(actionsOf(statements)).toContain('sqs:SendMessage');
    const sqsResources = statements
      .filter((s) => actionsOf([s]).some((a) => a.startsWith('sqs:')))
      .flatMap((s) => [s.Resource].flat());
    expect(sqsResources).toEqual([{ 'Fn::GetAtt': [ids.pdf, 'Arn'] }]);
  });

  test('a queue the stack does not have fails the synth, naming the function and the queue', () => {
    const { appFunction } = fixtureStack(fixture);

    expect(() => appFunction.grantQueueSend(['tailoring'], new Map())).toThrow(
      "fixture: access.queues names 'tailoring', which the stack does not have",
    );
  });
});

describe('AppFunction runtime options', () => {
  test('defaults: arm64, everything bundled, Lambda default /tmp, no reserved concurrency', () => {
    const { stack, appFunction } = fixtureStack({ ...fixture, access: {} });

    const [, fn] = onlyFunction(Template.fromStack(stack));

    expect(fn.Properties.Architectures).toEqual(['arm64']);
    expect(fn.Properties.EphemeralStorage).toBeUndefined();
    expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined();
    expect(appFunction.bundling.nodeModules).toBeUndefined();
    expect(appFunction.bundling.externalModules).toEqual(['@aws-sdk/*']);
  });

  test('x86_64, installed node modules, ephemeral storage and reserved concurrency from the definition', () => {
    const { stack, appFunction } = fixtureStack({
      ...fixture,
      access: {},
      architecture: 'x86_64',
      nodeModules: ['@sparticuz/chromium'],
      ephemeralStorageMb: 2048,
      reservedConcurrency: 4,
    });

    const [, fn] = onlyFunction(Template.fromStack(stack));

    expect(fn.Properties).toMatchObject({
      Architectures: ['x86_64'],
      EphemeralStorage: { Size: 2048 },
      ReservedConcurrentExecutions: 4,
    });
    expect(appFunction.bundling.nodeModules).toEqual(['@sparticuz/chromium']);
  });
});
