import { App } from 'aws-cdk-lib';
import { buildStack } from '#infra/lib/resume-builder-stack';

// Context: -c stage=prod (default dev), -c appOrigin=https://app.example.com, -c alarmEmail=ops@example.com
const app = new App();
buildStack(app);
app.synth();
