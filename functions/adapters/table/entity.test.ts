import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { entities, Profile, RateWindow, Resume } from './entities.ts';
import { defineEntity, renderKeyTable } from './entity.ts';
import { README, withKeyTable } from './key-table.ts';

describe('defineEntity', () => {
  it('fills the key templates', () => {
    expect(Resume.key({ sub: 'u1', id: 'r1' })).toEqual({ pk: 'USER#u1', sk: 'RESUME#r1' });
    expect(RateWindow.key({ sub: 'u1', bucket: 'ai', window: 42 })).toEqual({
      pk: 'USER#u1',
      sk: 'RATE#ai#42',
    });
    expect(Resume.partition({ sub: 'u1' })).toBe('USER#u1');
    expect(Profile.indexKey({ email: 'a@b.co' })).toEqual({ gsi1pk: 'PROFILES', gsi1sk: 'a@b.co' });
  });

  it('gives the literal start of the sort key for begins_with', () => {
    expect(Resume.skPrefix).toBe('RESUME#');
    expect(Profile.skPrefix).toBe('PROFILE');
  });

  it('refuses a key with a field missing or empty, rather than writing USER#undefined', () => {
    expect(() => Resume.key({ sub: '', id: 'r1' })).toThrow(/sub is missing/);
    expect(() => Resume.key({ sub: 'u1' } as never)).toThrow(/id is missing/);
  });

  it('refuses an index key for an entity outside the index', () => {
    expect(() => Resume.indexKey({} as never)).toThrow(/no place in gsi1/);
  });

  it('renders a key table row per entity, escaping pipes', () => {
    const table = renderKeyTable([
      defineEntity({ name: 'A', pk: 'A#{x}', sk: 'B', ttl: '1 day', access: 'Get | Put' }),
    ]);
    expect(table.split('\n')[2]).toBe('| A | `A#{x}` | `B` |  | 1 day | Get \\| Put |');
  });
});

describe('the table', () => {
  it('lists every entity it declares, so none is left out of the README table', async () => {
    const declared = Object.values(await import('./entities.ts')).filter(
      (value) => typeof value === 'object' && value !== null && 'pk' in value && 'sk' in value,
    );
    expect(new Set(entities)).toEqual(new Set(declared));
  });

  it('declares each key shape once', () => {
    const shapes = entities.map((e) => `${e.pk} ${e.sk}`);
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it("matches README.md's key table (run node functions/adapters/table/key-table.ts --write)", () => {
    const readme = readFileSync(README, 'utf8');
    expect(withKeyTable(readme)).toBe(readme);
  });
});
