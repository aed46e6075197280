import { App } from 'aws-cdk-lib';
import { DeployCheckError } from '#infra/lib/deploy-checks';
import { buildStack } from '#infra/lib/resume-builder-stack';

// Context: -c stage=prod (default dev), -c appOrigin=https://app.example.com, -c alarmEmail=ops@example.com,
// -c sesFromEmail=no-reply@example.com (required for prod), ...: every key is listed in the README's Deploy section.
const app = new App();
try {
  buildStack(app);
} catch (error) {
  // A refused configuration is the operator's to fix: its message alone, not a stack trace.
  if (!(error instanceof DeployCheckError)) throw error;
  console.error(`\nNot deployable: ${error.message}\n`);
  process.exit(1);
}
app.synth();
