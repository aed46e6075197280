import { TailoringPage } from '../../features/ai/index.ts';
import '../../features/ai/components/ai.css';

/** /resume-tailoring (spec section 2): tailor a resume to a job description in three steps. */
export function ResumeTailoringRoute() {
  return <TailoringPage />;
}

/** /resume-tailoring-test: the same flow, marked as the test variant, with a sample job description. */
export function ResumeTailoringTestRoute() {
  return <TailoringPage test />;
}
