export { ResumePreview, type ResumePreviewProps } from './resume-preview.tsx';
export { ResumeThumbnail, type ResumeThumbnailProps } from './resume-thumbnail.tsx';
