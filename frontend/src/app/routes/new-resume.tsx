import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../components/loading.tsx';
import { removeDraft } from '../../features/builder/store/drafts.ts';

/**
 * /new-resume (spec section 2): reset the in-progress resume, then open the builder on a blank one. Only the
 * draft of the not-yet-created resume goes: drafts of existing resumes hold unsaved edits that the builder
 * still has to save, so `clearResumeState` (which clears them all) is not used here.
 */
export function NewResumeRoute() {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    removeDraft(null);
    // Replace: Back from the builder returns to where the user came from, not to this redirect.
    navigate('/builder', { replace: true });
  }, [navigate]);
  return <Loading />;
}
