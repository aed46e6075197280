export { UploadResumePage } from './components/upload-resume-page.tsx';
export { loadImportMessages } from './messages.ts';
