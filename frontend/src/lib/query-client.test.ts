/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { currentQueryClient, loadQueryClient, onQueryClient, shouldRetry } from './query-client.ts';

describe('shouldRetry', () => {
  it('retries network failures and 5xx twice, never a 4xx', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldRetry(0, new ApiError({ code: 'INTERNAL', status: 503 }))).toBe(true);
    expect(shouldRetry(0, new ApiError({ code: 'NOT_FOUND', status: 404 }))).toBe(false);
  });
});

// The client is one per page: these steps run in order against the same module.
describe('the page query client', () => {
  it('does not exist until a route loads it; then every caller gets the same one, and waiting effects run', async () => {
    const waiting = jest.fn((_client: QueryClient) => undefined);
    const cancelled = jest.fn((_client: QueryClient) => undefined);
    onQueryClient(waiting);
    const stop = onQueryClient(cancelled);
    stop();
    expect(currentQueryClient()).toBeUndefined();

    const [first, second] = await Promise.all([loadQueryClient(), loadQueryClient()]);

    expect(first).toBe(second);
    expect(currentQueryClient()).toBe(first);
    expect(waiting).toHaveBeenCalledWith(first);
    expect(cancelled).not.toHaveBeenCalled();
    expect(first.getDefaultOptions().queries?.staleTime).toBe(30_000);
    expect(first.getDefaultOptions().mutations?.retry).toBe(false);
  });

  it('runs an effect at once when the client exists, and its cleanup when stopped', async () => {
    const client = await loadQueryClient();
    const cleanup = jest.fn();
    const effect = jest.fn((_client: QueryClient) => cleanup);

    const stop = onQueryClient(effect);
    expect(effect).toHaveBeenCalledWith(client);
    expect(cleanup).not.toHaveBeenCalled();
    stop();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });
});
