import { App } from 'aws-cdk-lib';
import { buildStack } from '#infra/lib/resume-builder-stack';

// Context: -c stage=prod (default dev), -c appOrigin=https://app.example.com, -c alarmEmail=ops@example.com,
// -c sesFromEmail=no-reply@example.com (required for prod), ...: every key is listed in the README's Deploy section.
const app = new App();
buildStack(app);
app.synth();
