/** The resume as the impersonated user sees it, read-only; the builder route loads it on demand. */
export { ReadOnlyResume } from './components/read-only-resume.tsx';
