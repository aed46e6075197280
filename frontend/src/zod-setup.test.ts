/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';

describe('zod-setup', () => {
  it('turns zod’s compilation off through the global zod reads, without importing zod first', async () => {
    await import('./zod-setup.ts');
    const { globalConfig } = await import('zod/v4/core');
    const { z } = await import('zod');
    const probes: string[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        probes.push(String(args));
        return Reflect.construct(target, args);
      },
    });
    try {
      expect(z.strictObject({ name: z.string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    } finally {
      globalThis.Function = original;
    }

    expect(globalConfig.jitless).toBe(true);
    expect((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig).toBe(globalConfig);
    expect(probes).toEqual([]);
  });
});
