import { TailoringPage } from '../../features/ai/pages.ts';
import '../../features/ai/components/ai.css';
import { useSessionUser } from '../../lib/auth.tsx';

/** /resume-tailoring (spec section 2): tailor a resume to a job description in three steps. */
export function ResumeTailoringRoute() {
  const user = useSessionUser();
  return <TailoringPage userId={user.userId} />;
}

/** /resume-tailoring-test: the same flow, marked as the test variant, with a sample job description. */
export function ResumeTailoringTestRoute() {
  const user = useSessionUser();
  return <TailoringPage userId={user.userId} test />;
}
