import type { FontId, ResumeContent } from '../resume.ts';
import { fontIds } from '../resume-model.ts';
import { classicTemplate } from './classic.tsx';
import { compactTemplate } from './compact.tsx';
import { resumeView } from './content.ts';
import { pageBoxes, type TemplateDocument } from './document.tsx';
import { fontStack } from './fonts.ts';
import { modernTemplate } from './modern.tsx';
import { baseCss } from './parts.tsx';
import { templateById } from './registry.ts';
import { simpleTemplate } from './simple.tsx';
import type { ResumeTemplate } from './template.ts';

const implementations: Record<string, ResumeTemplate> = {
  simple: simpleTemplate,
  classic: classicTemplate,
  modern: modernTemplate,
  compact: compactTemplate,
};

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
// Only images the host resolved itself: an object URL of the uploaded file, or the file inlined (PDF).
const PHOTO_URL = /^(blob:|data:image\/(png|jpe?g|webp|gif);base64,)/i;

export interface BuildOptions {
  /** The personal photo as a blob: or data:image URL; anything else is ignored. */
  photoSrc?: string | undefined;
}

/** The resume laid out by its template (unknown ids fall back to Simple), ready to measure and paginate. */
export function buildDocument(resume: ResumeContent, options: BuildOptions = {}): TemplateDocument {
  const info = templateById(resume.template);
  const template = implementations[info.id] ?? simpleTemplate;
  const settings = resume.settings;
  const accent = HEX_COLOUR.test(settings.accentColor) ? settings.accentColor : info.defaultAccent;
  const font: FontId = (fontIds as readonly string[]).includes(settings.font)
    ? (settings.font as FontId)
    : info.defaultFont;
  const photo = options.photoSrc?.trim();
  const photoSrc = info.photoSlot && settings.showPhoto && photo && PHOTO_URL.test(photo) ? photo : undefined;
  const view = resumeView(resume);
  const pageSize = settings.pageSize === 'a4' ? 'a4' : 'letter';
  const layout = template.layout({ resume, view, info, photoSrc, accent, font });
  return {
    info,
    view,
    language: view.language,
    pageSize,
    page: pageBoxes[pageSize],
    margin: layout.margin,
    safeBottom: info.measurements.safeBottomMargin,
    className: `rt-${template.id}`,
    vars: { '--rt-accent': accent, '--rt-font': fontStack(font), ...layout.vars },
    css: baseCss + template.css,
    header: layout.header,
    backdrop: layout.backdrop,
    columns: layout.columns,
  };
}

/** The font a resume is printed in (its own choice, else its template's). */
export function documentFont(resume: ResumeContent): FontId {
  const info = templateById(resume.template);
  return (fontIds as readonly string[]).includes(resume.settings.font)
    ? (resume.settings.font as FontId)
    : info.defaultFont;
}
