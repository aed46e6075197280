import { Annotations, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  OAuthScope,
  ProviderAttribute,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
  UserPoolEmail,
  UserPoolGroup,
  UserPoolIdentityProviderGoogle,
  UserPoolIdentityProviderOidc,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { CognitoTrigger } from '#infra/app-manifest';
import { passwordMinLength } from '#shared/password-policy';
import { acknowledge } from './acknowledge.ts';
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

/** One social provider's OAuth client: its id, and the Secrets Manager secret holding its client secret. */
export interface SocialProviderConfig {
  clientId: string;
  /** Name of a Secrets Manager secret whose value is the client secret. */
  secretName: string;
}

/** Social sign-in is on when a hosted-UI domain prefix and at least one provider are configured. */
export interface SocialSignInConfig {
  domainPrefix: string;
  /** Browser origins the OAuth flow may return to. */
  appOrigins: string[];
  google?: SocialProviderConfig;
  linkedin?: SocialProviderConfig;
}

/** The SES identity auth mail (and product mail) is sent from: context `sesFromEmail` and friends. */
export interface SesMailConfig {
  /** A verified SES address (or an address on a verified domain), e.g. `no-reply@example.com`. */
  fromEmail: string;
  /** Display name; default `Resume Builder`. */
  fromName?: string;
  /** The verified domain identity, when the address itself is not verified (context `sesVerifiedDomain`). */
  verifiedDomain?: string;
  /** An SES configuration set for both kinds of mail (context `sesConfigurationSet`). */
  configurationSet?: string;
  /** The identity's region, when SES is not set up in the stack's region (context `sesRegion`). */
  region?: string;
}

export interface AuthOptions {
  /** Google / LinkedIn sign-in. */
  social?: SocialSignInConfig | undefined;
  /** Auth mail through SES; without it Cognito's own sender is used (about 50 messages a day). */
  mail?: SesMailConfig | undefined;
  /** Production: the pool is retained when the stack goes and cannot be deleted; otherwise it goes too. */
  retain?: boolean;
}

/** The id of the synth warning a pool without SES gets (acknowledge it to silence it). */
export const COGNITO_MAIL_WARNING = 'resume-builder:cognitoMail';

/** `"Name" <address>` for a mail header, as SES and Cognito take it. */
export function mailFromHeader(mail: SesMailConfig): string {
  return `${mail.fromName ?? 'Resume Builder'} <${mail.fromEmail}>`;
}

/**
 * Cognito user pool, SPA client and staff groups, plus Google and LinkedIn (OIDC) sign-in when configured
 * (stack context `authDomainPrefix`, `googleClientId`/`googleSecretName`, `linkedinClientId`/`linkedinSecretName`).
 * Without that configuration the client has no hosted UI and config.json says social sign-in is off.
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  /** Token issuer, as the API's JWT authorizer and aws-jwt-verify expect it. */
  readonly issuer: string;
  readonly jwksUri: string;
  readonly socialSignIn: boolean;
  /** The hosted-UI domain (without scheme) used by the OAuth redirects, when social sign-in is on. */
  readonly oauthDomain: string | undefined;

  constructor(scope: Construct, id: string, options: AuthOptions = {}) {
    super(scope, id);
    const stack = Stack.of(this);
    const { social, mail } = options;
    if (!mail) {
      Annotations.of(this).addWarningV2(
        COGNITO_MAIL_WARNING,
        'No sesFromEmail: auth mail goes through Cognito’s own sender (about 50 messages a day). Fine for a dev stage; production requires SES.',
      );
    }

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
      // OWASP ASVS 5.0 (overriding the spec's 6): at least 8 characters, no composition rules. Cognito never
      // shows the password to a trigger, so the common-password half of the rule (shared/password-policy.ts)
      // is checked by the forms only.
      passwordPolicy: {
        minLength: passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // A new e-mail takes effect only once verified, so nobody can claim an address (e.g. a bootstrap
      // admin's) by editing their own attribute.
      keepOriginal: { email: true },
      ...(mail
        ? {
            email: UserPoolEmail.withSES({
              fromEmail: mail.fromEmail,
              fromName: mail.fromName ?? 'Resume Builder',
              // The stack's region is a token until deploy time; CDK needs a value to build the identity ARN.
              sesRegion: mail.region ?? stack.region,
              ...(mail.verifiedDomain ? { sesVerifiedDomain: mail.verifiedDomain } : {}),
              ...(mail.configurationSet ? { configurationSetName: mail.configurationSet } : {}),
            }),
          }
        : {}),
      deletionProtection: options.retain === true,
      removalPolicy: options.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      this.userPool,
      'OWASP ASVS 5.0 asks for length (at least 8) and no composition rules; the forms also refuse common passwords (shared/password-policy.ts).',
      'AwsSolutions-COG1',
    );
    acknowledge(
      this.userPool,
      'The product has no MFA enrolment or challenge screens (the spec has none), so an MFA setting would be one nobody can use.',
      'AwsSolutions-COG2',
    );
    acknowledge(
      this.userPool,
      'Essentials plan: threat protection (Plus) is billed per monthly active user. Abuse is bounded by the API’s own limits, and disabled users are refused on every request.',
      'AwsSolutions-COG8',
    );

    const providers: UserPoolClientIdentityProvider[] = [UserPoolClientIdentityProvider.COGNITO];
    const providerConstructs: Construct[] = [];
    const enabled = Boolean(social?.domainPrefix && (social.google || social.linkedin));
    if (enabled && social?.google) {
      providerConstructs.push(
        new UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool: this.userPool,
          clientId: social.google.clientId,
          clientSecretValue: SecretValue.secretsManager(social.google.secretName),
          scopes: ['openid', 'email', 'profile'],
          attributeMapping: {
            email: ProviderAttribute.GOOGLE_EMAIL,
            givenName: ProviderAttribute.GOOGLE_GIVEN_NAME,
            familyName: ProviderAttribute.GOOGLE_FAMILY_NAME,
            profilePicture: ProviderAttribute.GOOGLE_PICTURE,
            // The pre-sign-up trigger links a social sign-up to an existing account only when the provider
            // vouches for the address; without this mapping no Google e-mail would ever count as verified.
            custom: { email_verified: ProviderAttribute.other('email_verified') },
          },
        }),
      );
      providers.push(UserPoolClientIdentityProvider.GOOGLE);
    }
    if (enabled && social?.linkedin) {
      providerConstructs.push(
        new UserPoolIdentityProviderOidc(this, 'LinkedIn', {
          userPool: this.userPool,
          name: 'LinkedIn',
          clientId: social.linkedin.clientId,
          clientSecret: SecretValue.secretsManager(social.linkedin.secretName).unsafeUnwrap(),
          issuerUrl: 'https://www.linkedin.com/oauth',
          scopes: ['openid', 'profile', 'email'],
          attributeMapping: {
            email: ProviderAttribute.other('email'),
            givenName: ProviderAttribute.other('given_name'),
            familyName: ProviderAttribute.other('family_name'),
            custom: { email_verified: ProviderAttribute.other('email_verified') },
          },
        }),
      );
      providers.push(UserPoolClientIdentityProvider.custom('LinkedIn'));
    }
    const origins = social?.appOrigins ?? [];
    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      supportedIdentityProviders: providers,
      ...(enabled
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE, OAuthScope.COGNITO_ADMIN],
              callbackUrls: origins.flatMap((o) => [`${o}/auth/callback`, `${o}/account-settings`]),
              logoutUrls: origins.map((o) => `${o}/auth`),
            },
          }
        : { disableOAuth: true }),
    });
    for (const provider of providerConstructs) this.client.node.addDependency(provider);
    this.socialSignIn = enabled;
    this.oauthDomain = enabled
      ? new UserPoolDomain(this, 'Domain', {
          userPool: this.userPool,
          cognitoDomain: { domainPrefix: social?.domainPrefix ?? '' },
        })
          .baseUrl()
          .replace(/^https:\/\//, '')
      : undefined;

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
