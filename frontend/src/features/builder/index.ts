/** The builder page's parts, for its route (app/routes/builder.tsx). */
export { BuilderWorkspace } from './components/builder-workspace.tsx';
export { newDocument, useResumeSession } from './hooks/use-resume-session.ts';
