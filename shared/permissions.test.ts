import { describe, expect, it } from '@jest/globals';
import { can, isPermission, mayActOn, type Permission, permissionsOf } from './permissions.ts';
import type { StaffRole } from './roles.ts';

// The table of spec section 6, cell by cell: [area action, admin, support, content_manager].
const table: [Permission, boolean, boolean, boolean][] = [
  ['users:view', true, true, true],
  ['users:edit', true, true, false],
  ['users:delete', true, false, false],
  ['subscriptions:view', true, true, true],
  ['subscriptions:edit', true, true, false],
  ['subscriptions:cancel', true, true, false],
  ['subscriptions:refund', true, false, false],
  ['content:view', true, true, true],
  ['content:edit', true, false, true],
  ['content:delete', true, false, true],
  ['analytics:view', true, true, true],
  ['analytics:export', true, false, false],
  ['system:view', true, true, false],
  ['system:edit', true, false, false],
  ['system:featureFlags', true, false, false],
];

describe('permission matrix', () => {
  it.each(table)(
    '%s: admin %s, support %s, content_manager %s',
    (permission, admin, support, contentManager) => {
      expect(can('admin', permission)).toBe(admin);
      expect(can('support', permission)).toBe(support);
      expect(can('content_manager', permission)).toBe(contentManager);
      expect(can(null, permission)).toBe(false);
    },
  );

  it('holds nothing beyond the table', () => {
    const granted = (col: 1 | 2 | 3) =>
      table
        .filter((row) => row[col])
        .map((row) => row[0])
        .sort();
    expect(permissionsOf('admin').sort()).toEqual(granted(1));
    expect(permissionsOf('support').sort()).toEqual(granted(2));
    expect(permissionsOf('content_manager').sort()).toEqual(granted(3));
    expect(permissionsOf(null)).toEqual([]);
  });

  it('recognises only known area:action pairs', () => {
    expect(isPermission('system:featureFlags')).toBe(true);
    expect(isPermission('system:delete')).toBe(false);
    expect(isPermission('users')).toBe(false);
    expect(isPermission('toString:view')).toBe(false);
  });
});

// Whom each role may act on (SECURITY.md: staff act only below their rank): [actor, target, allowed].
const hierarchy: [StaffRole | null, StaffRole | null, boolean][] = [
  ['admin', null, true],
  ['admin', 'content_manager', true],
  ['admin', 'support', true],
  ['admin', 'admin', false],
  ['support', null, true],
  ['support', 'content_manager', false],
  ['support', 'support', false],
  ['support', 'admin', false],
  ['content_manager', null, true],
  ['content_manager', 'content_manager', false],
  ['content_manager', 'support', false],
  ['content_manager', 'admin', false],
  [null, null, false],
  [null, 'admin', false],
];

describe('staff hierarchy', () => {
  it.each(hierarchy)('%s acting on %s: %s', (actor, target, allowed) => {
    expect(mayActOn(actor, target)).toBe(allowed);
  });
});
