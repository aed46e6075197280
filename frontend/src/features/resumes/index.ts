/**
 * The resumes feature to the others: the resume API (read, create, save, photos, JSON Resume), the JSON import
 * button and the plan's allowance.
 */
export { createResume } from './api/create-resume.ts';
export { exportJsonResume, saveJsonFile } from './api/export-json-resume.ts';
export {
  fetchResumeEarly,
  getResume,
  getResumeQueryOptions,
  takeEarlyResume,
  useResume,
} from './api/get-resume.ts';
export { useResumes } from './api/get-resumes.ts';
export { resumeKeys } from './api/keys.ts';
export {
  createPhotoUpload,
  type PhotoUpload,
  type PhotoUploadRequest,
  photoKeys,
  sendPhoto,
  usePhotoSrc,
} from './api/photos.ts';
export { updateResume } from './api/update-resume.ts';
export { ImportJsonResumeButton } from './components/import-json-resume-button.tsx';
export { useResumeAllowance } from './hooks/use-resume-allowance.ts';
export { exportFileName } from './lib/resume-files.ts';
