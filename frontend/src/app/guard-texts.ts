/**
 * The message groups the route guard loads before any signed-in page renders (router.tsx). The build puts their
 * English files in the signed-in shell's chunk (vite.config.ts), so they arrive with the guard's code.
 */
export const guardTextGroups = ['auth', 'resumes', 'account', 'pdf'] as const;
