import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolGroup,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { CognitoTrigger } from '#infra/app-manifest';
import { pascalCase } from './names.ts';

/** Staff roles; precedence decides which group's role wins when a user is in several. */
export const staffGroups = [
  { name: 'admin', precedence: 0 },
  { name: 'support', precedence: 10 },
  { name: 'content_manager', precedence: 20 },
] as const;

const triggerOperations: Record<CognitoTrigger, UserPoolOperation> = {
  preSignUp: UserPoolOperation.PRE_SIGN_UP,
  postConfirmation: UserPoolOperation.POST_CONFIRMATION,
  preTokenGeneration: UserPoolOperation.PRE_TOKEN_GENERATION,
  customMessage: UserPoolOperation.CUSTOM_MESSAGE,
};

/**
 * Cognito user pool, SPA client and staff groups.
 *
 * Social sign-in (Google, LinkedIn OIDC) is a later issue. To add it: create `UserPoolIdentityProviderGoogle`
 * and `UserPoolIdentityProviderOidc` with client secrets from Secrets Manager, a `UserPoolDomain`, then give
 * the client `oAuth` (code grant, callback `${appOrigin}/auth/callback`, scopes openid email profile and
 * `aws.cognito.signin.user.admin`) and `supportedIdentityProviders`, and set `socialSignIn` in config.json.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** Token issuer, as the API's JWT authorizer and aws-jwt-verify expect it. */
  readonly issuer: string;
  readonly jwksUri: string;
  readonly socialSignIn = false;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
        locale: { required: false, mutable: true },
      },
      customAttributes: {
        preferred_domain: new StringAttribute({ minLen: 1, maxLen: 253, mutable: true }),
      },
      // The product rule (spec section 5): at least 6 characters, no composition rules; the sign-up form
      // shows the same rule.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      // No hosted UI yet; see the class comment for the social sign-in extension point.
      disableOAuth: true,
    });

    for (const group of staffGroups) {
      new UserPoolGroup(this, `Group${pascalCase(group.name)}`, {
        userPool: this.userPool,
        groupName: group.name,
        precedence: group.precedence,
      });
    }

    this.issuer = `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${this.userPool.userPoolId}`;
    this.jwksUri = `${this.issuer}/.well-known/jwks.json`;
  }

  /** Wires a manifest trigger; Cognito gets permission to invoke the function. */
  addTrigger(trigger: CognitoTrigger, fn: IFunction): void {
    this.userPool.addTrigger(triggerOperations[trigger], fn);
  }
}
