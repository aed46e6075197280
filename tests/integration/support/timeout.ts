import { jest } from '@jest/globals';

// Every integration test drives the local cloud, which shares CI's two cores with the e2e run
// (tests/run-all.ts): Jest's 5 s default is too tight for a test that signs up a user and renders a PDF on
// a busy machine. (A project's `testTimeout` is not applied by Jest 30, hence this setup file.) A file
// that sets its own timeout still wins.
jest.setTimeout(30_000);
