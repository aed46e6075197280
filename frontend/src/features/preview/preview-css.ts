/**
 * The preview's own chrome (gap, shadow, page labels), scoped by class. It is rendered with the component
 * rather than imported as a .css file, so the preview works the same in the SPA, in a test harness and in
 * jsdom tests. The pages themselves are styled by their template only.
 */
export const previewCss = `
.resume-preview{position:relative;min-width:0}
.resume-preview__pages{display:flex;flex-direction:column;align-items:center;gap:20px;padding:8px 0}
.resume-preview__slot{display:flex;flex-direction:column;align-items:center;gap:6px}
.resume-preview__frame{position:relative;overflow:hidden;contain:strict;background:#fff;border-radius:2px;box-shadow:0 1px 3px rgb(16 24 40 / 12%),0 8px 24px rgb(16 24 40 / 10%)}
.resume-preview__page{position:absolute;left:0;top:0;transform-origin:0 0}
.resume-preview__label{margin:0;font-size:12px;line-height:16px;color:#404955;font-variant-numeric:tabular-nums}
.resume-thumbnail{position:relative;overflow:hidden;background:#fff;contain:strict}
.resume-thumbnail__page{position:absolute;left:0;top:0;transform-origin:0 0}
`;
