import { describe, expect, it } from '@jest/globals';
import { roleFromGroups, toStaffRole } from './roles.ts';

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
