import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Loading } from '../../components/loading.tsx';
import { removeDraft } from '../../features/builder/drafts.ts';
import { ResumeLimit } from '../../features/resumes/resume-limit.ts';
import { useMe } from '../../lib/get-me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /new-resume (spec section 2): reset the in-progress resume, then open the builder on a blank one. Only the
 * draft of the not-yet-created resume goes: drafts of existing resumes hold unsaved edits that the builder
 * still has to save, so `clearResumeState` (which clears them all) is not used here. At the Free plan's
 * limit a new resume could never be saved: the page says so and links to Pro instead.
 */
export function NewResumeRoute() {
  const me = useMe();
  if (me.isPending) return <Loading />;
  const resumes = me.data?.usage.resumes;
  // Unknown when /me failed: the builder opens, and the server's limit check still answers.
  if (resumes && resumes.limit !== null && resumes.used >= resumes.limit) {
    return <AtLimit limit={resumes.limit} />;
  }
  return <OpenBlankBuilder />;
}

function OpenBlankBuilder() {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    removeDraft(null);
    // Replace: Back from the builder returns to where the user came from, not to this redirect.
    navigate('/builder', { replace: true });
  }, [navigate]);
  return <Loading />;
}

function AtLimit({ limit }: { limit: number }) {
  const { t } = useTranslation();
  useDocumentTitle(t('resumes.limit.title'));
  return (
    <ResumeLimit limit={limit}>
      <Link to="/resumes" className="button button--ghost">
        {t('builder.back')}
      </Link>
    </ResumeLimit>
  );
}
