import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger per process; secrets and tokens are never passed to it. */
export const logger = new Logger({
  serviceName: 'resume-builder',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | 'SILENT' | undefined) ?? 'INFO',
});
