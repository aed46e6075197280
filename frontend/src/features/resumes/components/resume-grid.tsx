import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Resume } from '#shared/resume';
import { useNotify } from '../../../components/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { type Me, meQueryKey } from '../../../lib/get-me.ts';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { useDuplicateResume } from '../api/duplicate-resume.ts';
import { useExportJsonResume } from '../api/export-json-resume.ts';
import { useResumes } from '../api/get-resumes.ts';
import { useNow } from '../hooks/use-now.ts';
import { copyTitle } from '../lib/resume-files.ts';
import { DeleteDialog } from './delete-dialog.tsx';
import { RenameDialog } from './rename-dialog.tsx';
import { ResumeCard, type ResumeCardActions } from './resume-card.tsx';
import { ResumeGridSkeleton } from './resume-grid-skeleton.tsx';
import { ResumesEmpty } from './resumes-empty.tsx';

type Dialog = { kind: 'rename' | 'delete'; resume: Resume } | null;

/** After a dialog closes, focus goes back to the menu button of the card it came from (or the heading). */
function focusCard(resumeId: string | null, fallbackId: string) {
  const card = resumeId
    ? document.querySelector<HTMLElement>(`[data-resume-id="${CSS.escape(resumeId)}"]`)
    : null;
  const target =
    card?.querySelector<HTMLElement>('.menu-button__trigger') ?? document.getElementById(fallbackId);
  target?.focus();
}

/** The user's resumes as a grid of first pages, with the loading, failure and empty states. */
export function ResumeGrid({
  userId,
  headingId,
  atLimit,
}: {
  userId: string;
  /** The page heading: it names the list and takes focus when a deleted card disappears. */
  headingId: string;
  atLimit: boolean;
}) {
  const { t } = useTranslation();
  const resumes = useResumes(userId);
  const now = useNow();
  const notify = useNotify();
  const navigate = useNavigate();
  const upgradeTo = useUpgradePath();
  const duplicate = useDuplicateResume();
  const download = useExportJsonResume();
  const [dialog, setDialog] = useState<Dialog>(null);
  const queryClient = useQueryClient();
  const emptyHeadingId = useId();

  const titleOf = useCallback((resume: Resume) => resume.title.trim() || t('resumes.untitled'), [t]);

  const actions: ResumeCardActions = {
    onDuplicate: (resume) => {
      const title = copyTitle(titleOf(resume), (base) => t('resumes.copyTitle', { title: base }));
      duplicate.mutate(
        { id: resume.id, title },
        {
          onSuccess: (copy) => notify({ title: t('resumes.duplicate.done'), description: copy.title }),
          onError: (error) =>
            notify({
              title: t('resumes.duplicate.failed'),
              description: errorMessage(t, error),
              variant: 'destructive',
              // At the Free plan's limit the way on is Pro.
              ...(error instanceof ApiError && error.code === 'RESUME_LIMIT_REACHED'
                ? { action: { label: t('resumes.upgrade'), onClick: () => navigate(upgradeTo) } }
                : {}),
            }),
        },
      );
    },
    onRename: (resume) => setDialog({ kind: 'rename', resume }),
    onDownload: (resume) =>
      download.mutate(
        { id: resume.id, title: titleOf(resume) },
        {
          onError: (error) =>
            notify({
              title: t('resumes.export.failed'),
              description: errorMessage(t, error),
              variant: 'destructive',
            }),
        },
      ),
    onDelete: (resume) => setDialog({ kind: 'delete', resume }),
  };

  // The card a closing dialog returns focus to; null after a delete (the card is gone: the heading then).
  const returnTo = useRef<string | null>(null);
  const afterClose = useCallback(() => focusCard(returnTo.current, headingId), [headingId]);
  const closeDialog = () => {
    returnTo.current = dialog?.resume.id ?? null;
    setDialog(null);
  };

  if (resumes.isPending) return <ResumeGridSkeleton />;
  if (resumes.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>{t('resumes.loadFailed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void resumes.refetch()}>
          {t('resumes.retry')}
        </button>
      </div>
    );
  }
  if (resumes.data.length === 0) return <ResumesEmpty headingId={emptyHeadingId} />;

  const busyId = (mutation: { isPending: boolean; variables?: { id: string } | undefined }) =>
    mutation.isPending ? mutation.variables?.id : undefined;
  const busy = new Set([busyId(duplicate), busyId(download)]);

  return (
    <>
      <ul className="resume-grid" aria-labelledby={headingId}>
        {resumes.data.map((resume) => (
          <ResumeCard
            key={resume.id}
            resume={resume}
            title={titleOf(resume)}
            now={now}
            atLimit={atLimit}
            busy={busy.has(resume.id)}
            actions={actions}
          />
        ))}
      </ul>
      <RenameDialog
        resume={dialog?.kind === 'rename' ? dialog.resume : null}
        onClose={closeDialog}
        afterClose={afterClose}
      />
      <DeleteDialog
        resume={dialog?.kind === 'delete' ? dialog.resume : null}
        title={dialog ? titleOf(dialog.resume) : ''}
        onClose={closeDialog}
        afterClose={afterClose}
        onDeleted={() => {
          // On the Free plan the freed slot is said at once (the usage above already counts it).
          const usage = queryClient.getQueryData<Me>(meQueryKey)?.usage.resumes;
          const left = usage && usage.limit !== null ? usage.limit - usage.used : null;
          notify({
            title: t('resumes.delete.done'),
            ...(left !== null && left > 0
              ? { description: t('resumes.delete.slotFreed', { count: left }) }
              : {}),
          });
          returnTo.current = null;
          setDialog(null);
        }}
      />
    </>
  );
}
