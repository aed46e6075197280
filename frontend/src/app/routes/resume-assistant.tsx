import { AssistantPage } from '../../features/ai/index.ts';
import '../../features/ai/components/ai.css';

/** /resume-assistant (spec section 2): the AI resume coach, for paid access. */
export function ResumeAssistantRoute() {
  return <AssistantPage />;
}
