import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueDef } from '#infra/app-manifest';
import { acknowledge } from './acknowledge.ts';

export interface JobQueueProps {
  definition: QueueDef;
  alarmTopic: ITopic;
}

/** A manifest job queue with its dead-letter queue and an alarm as soon as anything lands in the DLQ. */
export class JobQueue extends Construct {
  readonly definition: QueueDef;
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly dlqAlarm: Alarm;

  constructor(scope: Construct, id: string, props: JobQueueProps) {
    super(scope, id);
    this.definition = props.definition;

    this.deadLetterQueue = new Queue(this, 'Dlq', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledgeDeadLetterQueue(this.deadLetterQueue);
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(props.definition.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.definition.maxReceiveCount },
    });

    this.dlqAlarm = new Alarm(this, 'DlqDepthAlarm', {
      alarmDescription: `Failed ${props.definition.name} jobs are waiting in the dead-letter queue`,
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1) }),
      threshold: 0,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    this.dlqAlarm.addAlarmAction(new SnsAction(props.alarmTopic));
  }

  /** Lambda polls the queue; workers answer with partial batch failures so one bad job does not retry the rest. */
  addConsumer(fn: IFunction): void {
    const before = new Set(fn.node.children);
    fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: this.definition.batchSize,
        reportBatchItemFailures: true,
        ...(this.definition.maxConcurrency ? { maxConcurrency: this.definition.maxConcurrency } : {}),
      }),
    );
    for (const mapping of fn.node.children.filter((child) => !before.has(child))) {
      acknowledge(
        mapping,
        'An SQS source: a message that keeps failing goes to the queue’s own dead-letter queue (redrive policy, maxReceiveCount); Lambda takes an on-failure destination only for streams and Kafka.',
        'Serverless-LambdaEventSourceMappingDestination',
      );
    }
  }
}

/** A dead-letter queue needs no dead-letter queue of its own (cdk-nag Serverless-SQSRedrivePolicy). */
export function acknowledgeDeadLetterQueue(queue: Queue): void {
  acknowledge(
    queue,
    'This is a dead-letter queue: failed messages stay here 14 days for inspection and redrive; a DLQ of its own would only move them.',
    'Serverless-SQSRedrivePolicy',
  );
}
