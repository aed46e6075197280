/** Resume templates: what hosts (the preview, the PDF worker, galleries) import. DOM code is in measure.ts. */
export { type BuildOptions, buildDocument, documentFont } from './build.ts';
export {
  type PageBox,
  type PageMargins,
  pageBoxes,
  printCss,
  ResumePage,
  type ResumePageProps,
  ResumePages,
  type TemplateBlock,
  type TemplateColumn,
  type TemplateDocument,
  TemplateStyles,
} from './document.tsx';
export { type FontFile, fontFaceCss, fontFamilies, fontFiles, fontLoadQueries, fontStack } from './fonts.ts';
export {
  type LayoutBlock,
  type MeasuredBlock,
  type PageColumn,
  type PaginatedPage,
  type PaginateOptions,
  paginate,
} from './paginate.ts';
export { stringsFor, type TemplateStrings, templateStrings } from './strings.ts';
