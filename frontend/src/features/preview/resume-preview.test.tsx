import { describe, expect, it, jest } from '@jest/globals';
import { act } from 'react';
import { shortResume } from '#shared/sample-resumes';
import { rootPerTest } from '../../components/testing/dom.ts';
import { ResumePreview } from './resume-preview.tsx';
import { ResumeThumbnail } from './resume-thumbnail.tsx';

// jsdom has no layout: every block measures 0 px, so this checks wiring and semantics, not pagination
// (tests/e2e/templates.spec.ts checks that in Chromium).
const mount = rootPerTest();

describe('ResumePreview', () => {
  it('renders labelled pages of real text and reports the page count', async () => {
    const onPageCount = jest.fn();
    await act(async () =>
      mount.root.render(<ResumePreview resume={shortResume} zoom={0.5} onPageCount={onPageCount} />),
    );
    const region = mount.container.querySelector('section[aria-label="Resume preview"]');
    expect(region?.getAttribute('data-page-count')).toBe('1');
    const page = mount.container.querySelector('[data-preview-page="1"]');
    expect(page?.getAttribute('role')).toBe('group');
    expect(page?.getAttribute('aria-label')).toBe('Page 1 of 1');
    expect(page?.textContent).toContain('Priya Raman');
    expect(page?.querySelector('h1')?.textContent).toBe('Priya Raman');
    expect(onPageCount).toHaveBeenCalledWith(1);
  });

  it('shows a new resume after a change', async () => {
    await act(async () => mount.root.render(<ResumePreview resume={shortResume} />));
    const edited = { ...shortResume, personalInfo: { ...shortResume.personalInfo, firstName: 'Maya' } };
    await act(async () => mount.root.render(<ResumePreview resume={edited} />));
    expect(mount.container.querySelector('[data-preview-page="1"] h1')?.textContent).toBe('Maya Raman');
  });
});

describe('ResumeThumbnail', () => {
  it('is one named image the size asked, with the first page inside', async () => {
    await act(async () => mount.root.render(<ResumeThumbnail resume={shortResume} width={204} />));
    const thumbnail = mount.container.querySelector<HTMLElement>('[role="img"]');
    expect(thumbnail?.getAttribute('aria-label')).toBe('First page of the resume of Priya Raman');
    expect(thumbnail?.style.width).toBe('204px');
    expect(thumbnail?.style.height).toBe('264px');
    expect(thumbnail?.textContent).toContain('Data Analyst');
  });
});
