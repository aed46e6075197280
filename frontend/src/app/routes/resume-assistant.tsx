import { AssistantPage } from '../../features/ai/pages.ts';
import '../../features/ai/components/ai.css';
import { useSessionUser } from '../../lib/auth.tsx';

/** /resume-assistant (spec section 2): the AI resume coach, for paid access. */
export function ResumeAssistantRoute() {
  const user = useSessionUser();
  return <AssistantPage userId={user.userId} />;
}
