import { useMe } from '../../../lib/get-me.ts';

export interface ResumeAllowance {
  used: number;
  /** null: unlimited (Pro). */
  limit: number | null;
  /** Creating another resume would be refused with RESUME_LIMIT_REACHED. */
  atLimit: boolean;
}

/**
 * The plan's resume count from GET /me. Unknown (null) while it loads or when it fails: the actions stay
 * enabled then, and the server's limit check still answers.
 */
export function useResumeAllowance(): ResumeAllowance | null {
  const me = useMe();
  if (!me.data) return null;
  const { used, limit } = me.data.usage.resumes;
  return { used, limit, atLimit: limit !== null && used >= limit };
}
