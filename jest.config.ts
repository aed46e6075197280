import type { Config } from 'jest';

const swc: [string, unknown] = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2024',
    },
    module: { type: 'es6' },
  },
];

const base = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  testEnvironment: 'node',
} satisfies Config;

const config: Config = {
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/shared/**/*.test.{ts,tsx}',
        '<rootDir>/functions/**/*.test.ts',
        '<rootDir>/infra/local/**/*.test.ts',
      ],
    },
    {
      ...base,
      displayName: 'frontend',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/frontend/**/*.test.{ts,tsx}'],
    },
    {
      ...base,
      displayName: 'integration',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/integration/support/timeout.ts'],
      globalSetup: '<rootDir>/tests/integration/global-setup.ts',
      globalTeardown: '<rootDir>/tests/integration/global-teardown.ts',
    },
    {
      ...base,
      displayName: 'stack',
      testMatch: ['<rootDir>/tests/stack/**/*.test.ts'],
    },
  ],
};

export default config;
