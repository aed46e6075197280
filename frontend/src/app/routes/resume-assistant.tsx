import { AssistantPage } from '../../features/ai/index.ts';

/** /resume-assistant (spec section 2): the AI resume coach, for paid access. */
export function ResumeAssistantRoute() {
  return <AssistantPage />;
}
