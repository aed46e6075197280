import { describe, expect, it } from '@jest/globals';
import { parseEmailList, resolveRole, resolveStaffRole, roleFromGroups, toStaffRole } from './roles.ts';

describe('staff roles', () => {
  it('matches role names case-insensitively and only the three staff roles', () => {
    expect(toStaffRole('Admin')).toBe('admin');
    expect(toStaffRole(' CONTENT_MANAGER ')).toBe('content_manager');
    expect(toStaffRole('owner')).toBeNull();
    expect(toStaffRole(undefined)).toBeNull();
  });

  it('picks the highest staff role among groups', () => {
    expect(roleFromGroups(['support', 'admin'])).toBe('admin');
    expect(roleFromGroups(['beta', 'content_manager'])).toBe('content_manager');
    expect(roleFromGroups(undefined)).toBeNull();
  });
});

describe('resolveRole', () => {
  const bootstrap = parseEmailList(' Owner@Example.com , ops@example.com ');

  it('prefers token groups, then the bootstrap admin list, else no role', () => {
    expect(resolveRole(['support'], 'owner@example.com', bootstrap)).toBe('support');
    expect(resolveRole([], 'OWNER@example.com', bootstrap)).toBe('admin');
    expect(resolveRole(undefined, 'someone@example.com', bootstrap)).toBeNull();
    expect(resolveRole([], undefined, bootstrap)).toBeNull();
  });

  it('has no hard-coded admin: an empty list makes nobody admin', () => {
    expect(resolveRole([], 'owner@example.com', parseEmailList(''))).toBeNull();
  });
});

describe('resolveStaffRole (what the API trusts)', () => {
  const bootstrap = parseEmailList('owner@example.com');

  it("takes the Profile's staff role first, then the bootstrap list for a verified e-mail only", () => {
    expect(
      resolveStaffRole({ email: 'owner@example.com', emailVerified: true, staffRole: 'support' }, bootstrap),
    ).toBe('support');
    expect(
      resolveStaffRole({ email: 'Owner@example.com', emailVerified: true, staffRole: null }, bootstrap),
    ).toBe('admin');
    expect(resolveStaffRole({ email: 'owner@example.com', emailVerified: false }, bootstrap)).toBeNull();
    expect(resolveStaffRole({ email: 'owner@example.com' }, bootstrap)).toBeNull();
    expect(resolveStaffRole({ email: 'someone@example.com', emailVerified: true }, bootstrap)).toBeNull();
  });

  it('ignores a stored value that is not a staff role', () => {
    const odd = { staffRole: 'owner' as unknown as null, email: 'x@example.com', emailVerified: true };
    expect(resolveStaffRole(odd, bootstrap)).toBeNull();
  });
});
