/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { displayName, initials } from '../../../lib/auth-links.ts';
import { breadcrumbTrail, pageForPath, sidebarGroups } from './navigation.ts';

const groupsOf = (options: Parameters<typeof sidebarGroups>[0]) =>
  sidebarGroups(options).map((g) => `${g.key}: ${g.items.map((i) => i.to).join(' ')}`);

describe('sidebar groups', () => {
  it('show resume management and help to visitors', () => {
    expect(groupsOf({ signedIn: false, staff: false, coverLetter: false })).toEqual([
      'resumeManagement: /resumes /new-resume /resume-tailoring',
      'help: /faq',
    ]);
  });

  it('add the account group when signed in, and administration for staff only', () => {
    expect(groupsOf({ signedIn: true, staff: false, coverLetter: false })).toEqual([
      'resumeManagement: /resumes /new-resume /resume-tailoring',
      'account: /account-settings /subscription',
      'help: /faq',
    ]);
    expect(groupsOf({ signedIn: true, staff: true, coverLetter: false })).toContain('administration: /admin');
  });

  it('list the cover letter creator only when its flag is on', () => {
    expect(groupsOf({ signedIn: true, staff: false, coverLetter: true })[0]).toBe(
      'resumeManagement: /resumes /new-resume /resume-tailoring /cover-letter',
    );
  });
});

describe('breadcrumbs', () => {
  it('title every app route', () => {
    const paths = [
      '/resumes',
      '/builder',
      '/new-resume',
      '/upload-resume',
      '/resume-tailoring',
      '/resume-tailoring-test',
      '/cover-letter',
      '/resume-assistant',
      '/account-settings',
      '/subscription',
      '/admin',
      '/admin/users/1',
      '/admin-test',
      '/faq',
      '/auth-debug',
      '/auth/callback',
    ];
    expect(paths.map(pageForPath).every(Boolean)).toBe(true);
    expect(pageForPath('/nowhere')).toBeNull();
  });

  it('lead to the parent page only: the current page is titled by its own heading', () => {
    expect(breadcrumbTrail('/builder')).toEqual([{ page: 'resumes', to: '/resumes' }]);
    expect(breadcrumbTrail('/subscription')).toEqual([{ page: 'accountSettings', to: '/account-settings' }]);
    expect(breadcrumbTrail('/admin-test')).toEqual([{ page: 'admin', to: '/admin' }]);
    expect(breadcrumbTrail('/resumes/')).toEqual([]);
    expect(breadcrumbTrail('/admin/users')).toEqual([]);
    expect(breadcrumbTrail('/nowhere')).toEqual([]);
  });
});

describe('user display', () => {
  it('names the user, falling back to User', () => {
    expect(displayName(' Ana ', 'Silva', 'User')).toBe('Ana Silva');
    expect(displayName('', '', 'User')).toBe('User');
  });

  it('uses initials from the names, else the e-mail, else the fallback', () => {
    expect(initials('ana', 'silva', 'x@y.z', 'User')).toBe('AS');
    expect(initials('', '', 'demo@example.com', 'User')).toBe('D');
    expect(initials('', '', '', 'Usuário')).toBe('U');
  });
});
