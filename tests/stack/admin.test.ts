import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Template } from 'aws-cdk-lib/assertions';
import { env, type FunctionName } from '#functions/contract';
import { functions, queues } from '#infra/app-manifest';
import { cfnString, functionId, type Json, only, roleStatements, synth } from './template-helpers.ts';

let template: Template;
let frontendDist: string;

beforeAll(() => {
  frontendDist = mkdtempSync(join(tmpdir(), 'admin-stack-test-dist-'));
  writeFileSync(join(frontendDist, 'index.html'), '<!doctype html><title>test</title>');
  ({ template } = synth({ stage: 'test', frontendDist }));
});

afterAll(() => {
  rmSync(frontendDist, { recursive: true, force: true });
});

const statementsWith = (statements: Json[], action: string) =>
  statements.filter((s: Json) => [s.Action].flat().includes(action));
const resourcesOf = (statements: Json[]): string[] =>
  statements.flatMap((s: Json) => [s.Resource].flat()).map((r: Json) => cfnString(r));

/** The queue's logical id and its dead-letter queue's, found through the queue's redrive policy. */
function queueIds(): { queueId: string; dlqId: string }[] {
  const all = template.findResources('AWS::SQS::Queue');
  return Object.entries(all)
    .filter(([, q]) => q.Properties.RedrivePolicy)
    .map(([queueId, q]) => ({
      queueId,
      dlqId: q.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0],
    }));
}

describe('admin health grants (access.queueStats)', () => {
  const withStats = (Object.keys(functions) as FunctionName[]).filter(
    (name) => (functions[name].access as { queueStats?: boolean }).queueStats,
  );

  test('only the admin function reads queue depths', () => {
    expect(withStats).toEqual(['admin']);
  });

  test('GetQueueAttributes on every job queue and its DLQ, nothing more of SQS', () => {
    const statements = roleStatements(template, functionId(template, 'admin'));
    const sqsActions = statements
      .flatMap((s: Json) => [s.Action].flat())
      .filter((a: string) => a.startsWith('sqs:'));
    expect([...new Set(sqsActions)]).toEqual(['sqs:GetQueueAttributes']);
    const jobQueues = queueIds().filter(({ queueId }) => !/StreamFailures/.test(queueId));
    expect(jobQueues).toHaveLength(queues.length);
    const expected = jobQueues.flatMap(({ queueId, dlqId }) => [`\${${queueId}.Arn}`, `\${${dlqId}.Arn}`]);
    expect(resourcesOf(statementsWith(statements, 'sqs:GetQueueAttributes')).sort()).toEqual(expected.sort());
  });

  test('DescribeTable on the table (the table grant gives it), for the health check', () => {
    const statements = roleStatements(template, functionId(template, 'admin'));
    const [tableId] = only(template.findResources('AWS::DynamoDB::Table'), () => true);
    expect(resourcesOf(statementsWith(statements, 'dynamodb:DescribeTable'))).toContain(`\${${tableId}.Arn}`);
  });

  test('QUEUE_STATS_URLS names each manifest queue with its URL and its DLQ URL', () => {
    const fn = template.findResources('AWS::Lambda::Function')[functionId(template, 'admin')];
    const rendered = cfnString(fn?.Properties.Environment.Variables[env.queueStatsUrls]);
    const parsed = JSON.parse(rendered) as Record<string, { url: string; dlqUrl: string }>;
    expect(Object.keys(parsed).sort()).toEqual(queues.map((q) => q.name).sort());
    const ids = queueIds();
    for (const { url, dlqUrl } of Object.values(parsed)) {
      const pair = ids.find(({ queueId }) => url === `\${${queueId}}`);
      expect(pair).toBeDefined();
      expect(dlqUrl).toBe(`\${${pair?.dlqId}}`);
    }
  });
});
