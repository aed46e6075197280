import { describe, expect, it } from '@jest/globals';
import { formatRuntimeConfigIssues, parseRuntimeConfig, runtimeConfigSchema } from './runtime-config.ts';

const valid = {
  stage: 'prod',
  region: 'us-east-1',
  userPoolId: 'us-east-1_pool',
  userPoolClientId: 'client',
  apiUrl: 'https://api.example.com',
  wsUrl: 'wss://ws.example.com',
  socialSignIn: true,
  oauthDomain: 'auth.example.com',
  ptBrHosts: ['example.com.br'],
  features: { coverLetter: true },
};

const issuesOf = (value: unknown) => {
  const result = parseRuntimeConfig(value);
  return result.success ? [] : result.issues;
};

describe('parseRuntimeConfig', () => {
  it('accepts a complete config as it is', () => {
    expect(parseRuntimeConfig(valid)).toEqual({ success: true, data: valid });
  });

  it('leaves the optional fields out and defaults the Brazilian hosts to none', () => {
    const { oauthDomain: _, ptBrHosts: __, ...minimal } = valid;

    expect(parseRuntimeConfig(minimal)).toEqual({ success: true, data: { ...minimal, ptBrHosts: [] } });
  });

  it('accepts the local cloud’s Cognito endpoint and refuses one that is not an absolute URL', () => {
    expect(parseRuntimeConfig({ ...valid, cognitoEndpoint: 'http://localhost:3000/cognito' }).success).toBe(
      true,
    );
    expect(issuesOf({ ...valid, cognitoEndpoint: '/cognito' })).toEqual([
      { path: 'cognitoEndpoint', message: 'expected an absolute URL' },
    ]);
  });

  it('names every missing, empty, mistyped or unknown field', () => {
    const { region: _, ...withoutRegion } = valid;

    const issues = issuesOf({
      ...withoutRegion,
      userPoolId: '',
      socialSignIn: 'yes',
      ptBrHosts: ['ok', ''],
      features: { coverLetter: true, drafts: true },
      apiURL: 'typo',
    });

    expect(issues.map((issue) => issue.path).sort()).toEqual(
      ['apiURL', 'features', 'ptBrHosts', 'region', 'socialSignIn', 'userPoolId'].sort(),
    );
    expect(issues).toContainEqual({ path: 'region', message: 'required' });
    expect(issues).toContainEqual({ path: 'apiURL', message: 'unknown key' });
    expect(issues).toContainEqual({ path: 'features', message: 'unknown key(s): drafts' });
  });

  it('checks the feature switches one by one', () => {
    expect(issuesOf({ ...valid, features: {} })).toEqual([
      { path: 'features', message: 'coverLetter: expected true or false' },
    ]);
    expect(issuesOf({ ...valid, features: [] })).toEqual([
      { path: 'features', message: 'expected an object' },
    ]);
  });

  it('refuses what is not an object', () => {
    for (const value of [null, [], 'config', 42]) {
      expect(issuesOf(value)).toEqual([{ path: '', message: 'expected an object' }]);
    }
  });
});

describe('runtimeConfigSchema.parse', () => {
  it('returns the config, or throws with every issue on a line of its own', () => {
    expect(runtimeConfigSchema.parse(valid)).toEqual(valid);
    expect(() => runtimeConfigSchema.parse({ ...valid, stage: '', wsUrl: 1 })).toThrow(
      'Invalid runtime config:\nstage: expected a non-empty string\nwsUrl: expected a non-empty string',
    );
  });
});

describe('formatRuntimeConfigIssues', () => {
  it('puts the path first and leaves it out for the whole file', () => {
    expect(
      formatRuntimeConfigIssues([
        { path: '', message: 'expected an object' },
        { path: 'stage', message: 'required' },
      ]),
    ).toBe('expected an object\nstage: required');
  });
});
