import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '#shared/runtime-config';

/** Point Amplify Auth at the user pool; `cognitoEndpoint` is set where Cognito is local (cognito-local). */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
