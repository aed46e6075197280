import { routePath } from '#shared/site';
import type { IconName } from '../../../components/icons.tsx';

/** Every app page with a title (sidebar entries and breadcrumbs share them). */
export const pageKeys = [
  'resumes',
  'newResume',
  'builder',
  'uploadResume',
  'resumeTailoring',
  'resumeTailoringTest',
  'coverLetter',
  'resumeAssistant',
  'accountSettings',
  'subscription',
  'admin',
  'adminTest',
  'faq',
  'authDebug',
  'authCallback',
] as const;
export type PageKey = (typeof pageKeys)[number];

export const pagePaths: Record<PageKey, string> = {
  resumes: '/resumes',
  newResume: '/new-resume',
  builder: '/builder',
  uploadResume: '/upload-resume',
  resumeTailoring: '/resume-tailoring',
  resumeTailoringTest: '/resume-tailoring-test',
  coverLetter: '/cover-letter',
  resumeAssistant: '/resume-assistant',
  accountSettings: '/account-settings',
  subscription: '/subscription',
  admin: '/admin',
  adminTest: '/admin-test',
  faq: '/faq',
  authDebug: '/auth-debug',
  authCallback: '/auth/callback',
};

export interface NavItem {
  page: PageKey;
  to: string;
  icon: IconName;
  /** Pages without an entry of their own that highlight this one. */
  activeOn?: PageKey[];
}

export type NavGroupKey = 'resumeManagement' | 'account' | 'administration' | 'help';

export interface NavGroup {
  key: NavGroupKey;
  items: NavItem[];
}

const item = (page: PageKey, icon: IconName, activeOn?: PageKey[]): NavItem => ({
  page,
  to: pagePaths[page],
  icon,
  ...(activeOn ? { activeOn } : {}),
});

/**
 * The sidebar groups of spec section 2: resume management (cover letters only when the flag is on),
 * account (signed-in only), administration (staff only), help and support.
 */
export function sidebarGroups({
  signedIn,
  staff,
  coverLetter,
}: {
  signedIn: boolean;
  staff: boolean;
  coverLetter: boolean;
}): NavGroup[] {
  const groups: NavGroup[] = [
    {
      key: 'resumeManagement',
      items: [
        item('resumes', 'fileText', ['resumeAssistant']),
        item('newResume', 'filePlus'),
        item('resumeTailoring', 'sparkles', ['resumeTailoringTest']),
        ...(coverLetter ? [item('coverLetter', 'mail')] : []),
      ],
    },
  ];
  if (signedIn) {
    groups.push({
      key: 'account',
      items: [item('accountSettings', 'settings'), item('subscription', 'creditCard')],
    });
  }
  if (signedIn && staff)
    groups.push({ key: 'administration', items: [item('admin', 'shield', ['adminTest'])] });
  groups.push({ key: 'help', items: [item('faq', 'help')] });
  return groups;
}

export interface Crumb {
  page: PageKey;
  to: string;
}

// Pages that sit under another page in the breadcrumb trail.
const parents: Partial<Record<PageKey, PageKey>> = {
  newResume: 'resumes',
  builder: 'resumes',
  uploadResume: 'resumes',
  resumeTailoring: 'resumes',
  resumeTailoringTest: 'resumes',
  coverLetter: 'resumes',
  resumeAssistant: 'resumes',
  subscription: 'accountSettings',
  adminTest: 'admin',
};

/** The page a path shows, or null for paths outside the app layout. */
export function pageForPath(pathname: string): PageKey | null {
  const path = routePath(pathname);
  if (/^\/admin(\/|$)/.test(path)) return 'admin';
  return pageKeys.find((key) => pagePaths[key] === path) ?? null;
}

/**
 * Breadcrumbs for the app header: the pages above the current one, as links. The current page is not
 * repeated there: its title is the page's own heading (showing it twice read as a duplicated title).
 */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const page = pageForPath(pathname);
  const parent = page ? parents[page] : undefined;
  return parent ? [{ page: parent, to: pagePaths[parent] }] : [];
}
