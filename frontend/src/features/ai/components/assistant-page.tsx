import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ASSISTANT_MESSAGE_MAX_CHARS, type AssistantMessage } from '#shared/ai';
import { hasPaidAccess } from '#shared/plans';
import { Icon } from '../../../components/icons.tsx';
import { Loading } from '../../../components/loading.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useNotify } from '../../../components/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useMe } from '../../../lib/get-me.ts';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { track } from '../../analytics/index.ts';
import { useResumes } from '../../resumes/index.ts';
import { type FailedTurn, useAssistant } from '../hooks/use-assistant.ts';
import { usePickerLabel } from './resume-picker.tsx';

const prompts = ['improve', 'summary', 'achievements'] as const;

/** Free users see what the assistant is and the way to it: Upgrade to Pro. */
function AssistantLocked() {
  const { t } = useTranslation();
  const upgradeTo = useUpgradePath();
  return (
    <section className="card ai-panel ai-locked" aria-labelledby="ai-locked-title">
      <span className="ai-locked__icon" aria-hidden="true">
        <Icon name="lock" width="28" height="28" />
      </span>
      <h2 id="ai-locked-title">{t('ai.assistant.lockedTitle')}</h2>
      <p>{t('ai.assistant.lockedBody')}</p>
      <Link to={upgradeTo} className="button button--primary">
        {t('ai.upgrade')}
      </Link>
    </section>
  );
}

function Bubble({
  message,
  streaming = false,
}: {
  message: Pick<AssistantMessage, 'role' | 'content' | 'engine'>;
  streaming?: boolean;
}) {
  const { t } = useTranslation();
  const mine = message.role === 'user';
  const who = mine
    ? t('ai.assistant.you')
    : message.engine === 'local'
      ? t('ai.assistant.coachLocal')
      : t('ai.assistant.coach');
  return (
    <li
      className={`ai-bubble ai-bubble--${mine ? 'user' : 'assistant'}`}
      data-engine={mine ? undefined : message.engine}
      aria-busy={streaming || undefined}
    >
      <span className="ai-bubble__who">{who}</span>
      <p className="ai-bubble__text">
        {message.content}
        {streaming ? <span className="ai-bubble__caret" aria-hidden="true" /> : null}
      </p>
    </li>
  );
}

/** The spec's messages for a question that got no answer, and the way to ask again. */
function FailedReply({ failed, onRetry }: { failed: FailedTurn; onRetry: () => void }) {
  const { t } = useTranslation();
  const code = failed.error instanceof ApiError ? failed.error.code : undefined;
  const detail =
    code === 'AI_RATE_LIMITED' ||
    code === 'AI_TIMEOUT' ||
    code === 'AI_UNAVAILABLE' ||
    code === 'NETWORK_ERROR'
      ? errorMessage(t, failed.error)
      : null;
  return (
    <li className="ai-bubble ai-bubble--assistant ai-bubble--error" role="alert">
      <span className="ai-bubble__who">{t('ai.assistant.failedTitle')}</span>
      <p className="ai-bubble__text">
        {code === 'AI_BAD_ANSWER' ? t('ai.assistant.couldNotProcess') : t('ai.assistant.errorReply')}
      </p>
      {detail ? <p className="ai-bubble__detail">{detail}</p> : null}
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('ai.assistant.retry')}
      </button>
    </li>
  );
}

function Chat({ resumeId }: { resumeId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const assistant = useAssistant(resumeId);
  const { conversation, engine, pending, streamed, failed } = assistant;
  const [draft, setDraft] = useState('');
  const [confirmClear, setConfirmClear] = useState(false);
  const ids = { input: useId(), hint: useId(), clearTitle: useId(), clearBody: useId() };
  const end = useRef<HTMLDivElement>(null);
  const messages = conversation.data ?? [];

  // The streamed text is not read out piece by piece; the finished answer is, once, when it arrives.
  const [announced, setAnnounced] = useState('');
  const wasPending = useRef(false);
  const last = messages.at(-1);
  useEffect(() => {
    if (wasPending.current && !pending && last?.role === 'assistant') setAnnounced(last.content);
    wasPending.current = pending !== null;
  }, [pending, last]);

  // Follow the conversation as it grows (a new message, every streamed piece).
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when any of these change
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, streamed, pending, failed]);

  if (conversation.isPending) return <Loading />;
  if (conversation.isError) {
    if (conversation.error instanceof ApiError && conversation.error.code === 'PRO_REQUIRED')
      return <AssistantLocked />;
    return (
      <div className="ai-alert ai-alert--danger" role="alert">
        <strong>{t('ai.assistant.loadFailed')}</strong>
        <p>{errorMessage(t, conversation.error)}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void conversation.refetch()}
        >
          {t('ai.retry')}
        </button>
      </div>
    );
  }
  if (failed && failed.error instanceof ApiError && failed.error.code === 'PRO_REQUIRED')
    return <AssistantLocked />;

  const left = ASSISTANT_MESSAGE_MAX_CHARS - draft.length;
  const busy = pending !== null;
  const send = (text = draft) => {
    if (!text.trim() || busy || text.length > ASSISTANT_MESSAGE_MAX_CHARS) return;
    assistant.ask(text);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const clear = async () => {
    try {
      await assistant.clear();
      notify({ title: t('ai.assistant.cleared') });
    } catch (error) {
      notify({ title: errorMessage(t, error), variant: 'destructive' });
    } finally {
      setConfirmClear(false);
    }
  };
  const empty = messages.length === 0 && !pending && !failed;

  return (
    <div className="ai-chat">
      <div className="ai-chat__bar">
        <p className="muted">{t('ai.assistant.history')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setConfirmClear(true)}
          disabled={messages.length === 0 || busy}
        >
          {t('ai.assistant.clear')}
        </button>
      </div>
      {engine === 'local' ? (
        <p className="ai-engine-note" data-testid="assistant-engine">
          <Icon name="alert" width="18" height="18" aria-hidden="true" />
          <span>
            <strong>{t('ai.assistant.engineLocalTitle')}</strong> {t('ai.assistant.engineLocal')}
          </span>
        </p>
      ) : null}
      <div className="ai-chat__log">
        {empty ? (
          <div className="ai-chat__empty">
            <strong>{t('ai.assistant.emptyTitle')}</strong>
            <p className="muted">{t('ai.assistant.emptyBody')}</p>
            <ul className="ai-prompts">
              {prompts.map((prompt) => (
                <li key={prompt}>
                  <button
                    type="button"
                    className="ai-prompt"
                    onClick={() => send(t(`ai.assistant.prompts.${prompt}`))}
                  >
                    {t(`ai.assistant.prompts.${prompt}`)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <ol className="ai-bubbles" aria-label={t('ai.assistant.log')}>
            {messages.map((message, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end or is cleared
              <Bubble key={index} message={message} />
            ))}
            {pending ? <Bubble message={pending.question} /> : null}
            {pending ? (
              streamed ? (
                <Bubble
                  message={{ role: 'assistant', content: streamed, ...(engine ? { engine } : {}) }}
                  streaming
                />
              ) : (
                <li className="ai-bubble ai-bubble--assistant ai-bubble--typing">
                  <span className="ai-bubble__who">
                    {engine === 'local' ? t('ai.assistant.coachLocal') : t('ai.assistant.coach')}
                  </span>
                  <span className="ai-typing">
                    <span className="ai-typing__dots" aria-hidden="true">
                      <span />
                      <span />
                      <span />
                    </span>
                    {t('ai.assistant.typing')}
                  </span>
                </li>
              )
            ) : null}
            {failed ? <Bubble message={failed.question} /> : null}
            {failed ? <FailedReply failed={failed} onRetry={() => send(failed.question.content)} /> : null}
          </ol>
        )}
        <div ref={end} />
      </div>
      <span className="visually-hidden" role="status">
        {pending ? t('ai.assistant.typing') : announced}
      </span>
      <form
        className="ai-composer"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor={ids.input} className="visually-hidden">
          {t('ai.assistant.message')}
        </label>
        <textarea
          id={ids.input}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={t('ai.assistant.message')}
          aria-describedby={ids.hint}
          aria-invalid={left < 0 || undefined}
        />
        <div className="ai-composer__row">
          <span id={ids.hint} className="ai-composer__hint" data-over={left < 0 || undefined}>
            {t('ai.assistant.messageHint', { count: Math.max(0, left) })}
          </span>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || !draft.trim() || left < 0}
          >
            {t('ai.assistant.send')}
          </button>
        </div>
      </form>
      <ModalDialog
        open={confirmClear}
        onClose={() => setConfirmClear(false)}
        labelledBy={ids.clearTitle}
        describedBy={ids.clearBody}
      >
        <div className="dialog__body stack-small">
          <h2 id={ids.clearTitle}>{t('ai.assistant.clearTitle')}</h2>
          <p id={ids.clearBody}>{t('ai.assistant.clearBody')}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={() => setConfirmClear(false)}>
              {t('ai.assistant.cancel')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={assistant.clearing}
              onClick={() => void clear()}
            >
              {t('ai.assistant.clearConfirm')}
            </button>
          </div>
        </div>
      </ModalDialog>
    </div>
  );
}

/**
 * /resume-assistant (paid access): choose a resume, then a chat about it, the history kept per resume,
 * answers streamed as they are written. Free users get a locked state with the upgrade path.
 */
export function AssistantPage({ userId }: { userId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t('shell.pages.resumeAssistant'));
  useEffect(() => {
    track('ai_coach_opened');
    return () => track('ai_coach_closed');
  }, []);
  const me = useMe();
  const paid = me.data ? hasPaidAccess(me.data.subscription, me.data.role) : null;
  const resumes = useResumes(userId);
  const pickerLabel = usePickerLabel();
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  const requested = params.get('resume');
  const list = resumes.data ?? [];
  const resumeId = list.some((r) => r.id === requested) ? requested : (list[0]?.id ?? null);

  let body: React.ReactNode;
  if (me.isPending || (paid && resumes.isPending)) body = <Loading />;
  else if (paid === false) body = <AssistantLocked />;
  else if (resumes.isError || me.isError) {
    body = (
      <div className="ai-alert ai-alert--danger" role="alert">
        <p>{t('ai.tailoring.select.loadFailed')}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void me.refetch();
            void resumes.refetch();
          }}
        >
          {t('ai.retry')}
        </button>
      </div>
    );
  } else if (list.length === 0 || !resumeId) {
    body = (
      <div className="ai-empty">
        <strong>{t('ai.assistant.noResumesTitle')}</strong>
        <p>{t('ai.assistant.noResumesBody')}</p>
        <div className="ai-actions">
          <Link to="/new-resume" className="button button--primary">
            {t('ai.tailoring.select.create')}
          </Link>
          <Link to="/upload-resume" className="button button--secondary">
            {t('ai.tailoring.select.upload')}
          </Link>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="card ai-panel ai-assistant">
        <div className="field ai-assistant__resume">
          <label htmlFor={selectId}>{t('ai.assistant.resume')}</label>
          <select
            id={selectId}
            value={resumeId}
            onChange={(event) => setParams({ resume: event.target.value }, { replace: true })}
          >
            {list.map((resume) => (
              <option key={resume.id} value={resume.id}>
                {pickerLabel(resume)}
              </option>
            ))}
          </select>
        </div>
        <Chat key={resumeId} resumeId={resumeId} />
      </div>
    );
  }

  return (
    <div className="stack ai-page">
      <header className="ai-header">
        <h1>{t('ai.assistant.title')}</h1>
        <p className="ai-header__lead">{t('ai.assistant.lead')}</p>
      </header>
      {body}
    </div>
  );
}
