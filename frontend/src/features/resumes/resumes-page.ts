/** The /resumes page's parts, for its route (app/routes/resumes.tsx). */
export { ResumeGrid } from './components/resume-grid.tsx';
export { ResumeUsage } from './components/resume-usage.tsx';
export { ResumesActions } from './components/resumes-actions.tsx';
