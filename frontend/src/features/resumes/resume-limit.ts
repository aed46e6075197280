/**
 * What /new-resume shows once the plan's resumes are used up. Apart from index.ts, so the builder, which
 * imports that, does not carry this page's part and its styles.
 */
export { ResumeLimit } from './components/resume-limit.tsx';
