import type { ReactNode } from 'react';
import type { FontId, ResumeContent } from '../resume.ts';
import type { ResumeView } from './content.ts';
import type { PageMargins, TemplateColumn } from './document.tsx';
import type { TemplateInfo } from './registry.ts';

/** What a template receives: the resume as printed text, its metadata, and the resolved options. */
export interface BuildContext {
  resume: ResumeContent;
  view: ResumeView;
  info: TemplateInfo;
  /** The photo to show, already checked: set only for a template with a photo slot and showPhoto on. */
  photoSrc: string | undefined;
  accent: string;
  font: FontId;
}

/** What a template returns: its page layout, as blocks. */
export interface TemplateLayout {
  margin: PageMargins;
  header: ReactNode | null;
  backdrop: ReactNode | null;
  columns: TemplateColumn[];
  /** Extra CSS custom properties (the base sets --rt-accent and --rt-font). */
  vars?: Record<string, string>;
}

/** A template: scoped CSS (static, no user input) and a pure function from resume to blocks. */
export interface ResumeTemplate {
  id: string;
  css: string;
  layout: (ctx: BuildContext) => TemplateLayout;
}
