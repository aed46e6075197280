import { UploadResumePage } from '../../features/import/index.ts';

/** /upload-resume (spec section 2): import an uploaded resume, with progress, then open the editor. */
export function UploadResumeRoute() {
  return <UploadResumePage />;
}
