import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { TailoringRequirement } from '#shared/ai';
import { Loading } from '../../../components/loading.tsx';
import { focusFirstInvalid } from '../../../lib/focus.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { getResumeQueryOptions, useResumes } from '../../resumes/index.ts';
import { useTailoringJob } from '../hooks/use-tailoring-job.tsx';
import { tailoringProblems } from '../lib/engine.ts';
import { jobDescriptionStatus } from '../lib/job-description.ts';
import { sampleJobDescriptions } from '../lib/sample-job.ts';
import { JobDescriptionField } from './job-description-step.tsx';
import { ResumePicker, useResumeTitle } from './resume-picker.tsx';
import { AnalysisFailed, ResumeValidationFailed } from './tailoring-failed.tsx';
import { TailoringProgress } from './tailoring-progress.tsx';
import { TailoringReview } from './tailoring-review.tsx';
import { type WizardStep, WizardSteps } from './wizard-steps.tsx';

type Missing = 'resume' | 'description' | null;

/**
 * /resume-tailoring (and its test variant): the spec's three steps. Select a resume, add the job
 * description (how many more characters it needs), follow the analysis step by step, then review every
 * change and save a new resume, which opens in the editor. `test` shows a note and fills in a sample job
 * description, so the whole flow can be tried at once.
 */
export function TailoringPage({ userId, test = false }: { userId: string; test?: boolean }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(test ? t('shell.pages.resumeTailoringTest') : t('shell.pages.resumeTailoring'));
  const resumes = useResumes(userId);
  const titleOf = useResumeTitle();
  const job = useTailoringJob();
  const { state } = job;
  const ids = { title: useId(), panel: useId(), missing: useId() };

  const [screen, setScreen] = useState<'select' | 'describe'>('select');
  const [resumeId, setResumeId] = useState<string | null>(null);
  const [description, setDescription] = useState(() =>
    test ? sampleJobDescriptions[i18n.language === 'pt-BR' ? 'pt-BR' : 'en-US'] : '',
  );
  const [missing, setMissing] = useState<Missing>(null);
  const [problems, setProblems] = useState<TailoringRequirement[] | null>(null);

  // The job's id lives in the address (?job=), so a reload during the analysis or the review comes back
  // to it rather than to an empty form.
  const [params, setParams] = useSearchParams();
  const initialJob = useRef(params.get('job'));
  // The step's panel: a Continue or Analyze that fails its check puts the focus on the field to fix.
  const panel = useRef<HTMLElement>(null);
  const { follow } = job;
  useEffect(() => {
    if (initialJob.current) follow(initialJob.current);
  }, [follow]);
  const jobInAddress = state.phase === 'processing' || state.phase === 'succeeded' ? state.jobId : null;
  useEffect(() => {
    if (state.phase === 'starting') return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (jobInAddress) next.set('job', jobInAddress);
        else next.delete('job');
        return next;
      },
      { replace: true },
    );
  }, [jobInAddress, state.phase, setParams]);

  // A review reached from the address: its resume and job description become the form's again.
  const result = state.phase === 'succeeded' ? state.result : null;
  useEffect(() => {
    if (!result) return;
    setResumeId((id) => id ?? result.resumeId);
    setDescription((text) => (text.trim() ? text : result.jobDescription));
  }, [result]);

  const chosen = useMemo(
    () => resumes.data?.find((resume) => resume.id === resumeId),
    [resumes.data, resumeId],
  );
  // The review compares against the resume as it is now (the list may be older than the analysis).
  const reviewedId = state.phase === 'succeeded' ? state.result.resumeId : null;
  const reviewed = useQuery({ ...getResumeQueryOptions(reviewedId ?? ''), enabled: reviewedId !== null });
  const reviewedContent = state.phase === 'succeeded' && reviewed.data ? reviewed.data : undefined;

  const wizard: WizardStep =
    state.phase === 'succeeded'
      ? 'review'
      : state.phase === 'idle' && screen === 'select'
        ? 'select'
        : 'describe';

  function choose(id: string) {
    setResumeId(id);
    setMissing(null);
    setProblems(null);
  }

  function toDescribe() {
    if (!chosen) {
      setMissing('resume');
      return focusFirstInvalid(panel.current);
    }
    const found = tailoringProblems(chosen);
    if (found.length > 0) return setProblems(found);
    setMissing(null);
    setProblems(null);
    setScreen('describe');
  }

  function analyze() {
    if (!chosen) {
      setScreen('select');
      return setMissing('resume');
    }
    if (jobDescriptionStatus(description).kind !== 'ok') {
      setMissing('description');
      return focusFirstInvalid(panel.current);
    }
    setMissing(null);
    job.start(chosen.id, description);
  }

  function startOver() {
    job.reset();
    setScreen('describe');
  }

  const status = jobDescriptionStatus(description);
  let body: React.ReactNode;
  if (state.phase === 'starting' || state.phase === 'processing') {
    body = (
      <section className="card ai-panel" aria-labelledby={ids.panel}>
        <TailoringProgress step={state.phase === 'processing' ? state.step : null} headingId={ids.panel} />
      </section>
    );
  } else if (state.phase === 'succeeded') {
    body = (
      <TailoringReview
        jobId={state.jobId}
        result={state.result}
        resume={reviewedContent}
        sourceTitle={chosen ? titleOf(chosen) : reviewed.data ? titleOf(reviewed.data) : ''}
        onStartOver={startOver}
      />
    );
  } else if (state.phase === 'failed' && state.failure.kind !== 'incomplete') {
    body = (
      <section className="card ai-panel" aria-labelledby={ids.panel}>
        <AnalysisFailed failure={state.failure} headingId={ids.panel} onRetry={startOver} />
      </section>
    );
  } else if (screen === 'select') {
    body = (
      <section ref={panel} className="card ai-panel" aria-labelledby={ids.panel}>
        <header className="ai-section-header">
          <h2 id={ids.panel}>{t('ai.tailoring.select.title')}</h2>
          <p className="muted">{t('ai.tailoring.select.lead')}</p>
        </header>
        {resumes.isPending ? (
          <Loading />
        ) : resumes.isError ? (
          <div className="ai-alert ai-alert--danger" role="alert">
            <p>{t('ai.tailoring.select.loadFailed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void resumes.refetch()}>
              {t('ai.retry')}
            </button>
          </div>
        ) : resumes.data.length === 0 ? (
          <div className="ai-empty">
            <strong>{t('ai.tailoring.select.emptyTitle')}</strong>
            <p>{t('ai.tailoring.select.emptyBody')}</p>
            <div className="ai-actions">
              <Link to="/new-resume" className="button button--primary">
                {t('ai.tailoring.select.create')}
              </Link>
              <Link to="/upload-resume" className="button button--secondary">
                {t('ai.tailoring.select.upload')}
              </Link>
            </div>
          </div>
        ) : (
          <>
            <ResumePicker
              resumes={resumes.data}
              selected={resumeId}
              onSelect={choose}
              describedBy={missing === 'resume' ? ids.missing : undefined}
              invalid={missing === 'resume'}
            />
            {missing === 'resume' ? (
              <div id={ids.missing} className="ai-alert ai-alert--danger" role="alert">
                <strong>{t('ai.tailoring.missing.title')}</strong>
                <p>{t('ai.tailoring.missing.resume')}</p>
              </div>
            ) : null}
            {problems ? <ResumeValidationFailed problems={problems} resumeId={resumeId} /> : null}
            <div className="ai-panel__footer">
              <button type="button" className="button button--primary" onClick={toDescribe}>
                {t('ai.tailoring.select.continue')}
              </button>
            </div>
          </>
        )}
      </section>
    );
  } else {
    const serverProblems =
      state.phase === 'failed' && state.failure.kind === 'incomplete' ? state.failure.problems : null;
    body = (
      <section ref={panel} className="card ai-panel" aria-labelledby={ids.panel}>
        <header className="ai-section-header">
          <h2 id={ids.panel}>{t('ai.tailoring.describe.title')}</h2>
          <p className="muted">{t('ai.tailoring.describe.lead')}</p>
        </header>
        {chosen ? (
          <p className="ai-chosen">
            <span>{t('ai.tailoring.describe.resume', { title: titleOf(chosen) })}</span>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                job.reset();
                setScreen('select');
              }}
            >
              {t('ai.tailoring.describe.changeResume')}
            </button>
          </p>
        ) : null}
        <JobDescriptionField
          value={description}
          onChange={(value) => {
            setDescription(value);
            if (missing === 'description' && jobDescriptionStatus(value).kind === 'ok') setMissing(null);
          }}
          resume={chosen}
          invalid={missing === 'description'}
          errorId={ids.missing}
        />
        {test && description.trim() === '' ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() =>
              setDescription(sampleJobDescriptions[i18n.language === 'pt-BR' ? 'pt-BR' : 'en-US'])
            }
          >
            {t('ai.tailoring.describe.sample')}
          </button>
        ) : null}
        {missing === 'description' && status.kind === 'short' ? (
          <div id={ids.missing} className="ai-alert ai-alert--danger" role="alert">
            <strong>{t('ai.tailoring.missing.title')}</strong>
            <p>{t('ai.tailoring.missing.description', { count: status.missing })}</p>
          </div>
        ) : null}
        {serverProblems ? <ResumeValidationFailed problems={serverProblems} resumeId={resumeId} /> : null}
        <div className="ai-panel__footer">
          <button type="button" className="button button--primary" onClick={analyze}>
            {t('ai.tailoring.describe.analyze')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <div className="stack ai-page">
      <header className="ai-header">
        <h1 id={ids.title}>{test ? t('shell.pages.resumeTailoringTest') : t('ai.tailoring.title')}</h1>
        <p className="ai-header__lead">{t('ai.tailoring.lead')}</p>
        <p className="ai-header__aside">
          <Link to="/resume-assistant">{t('ai.tailoring.assistantLink')}</Link>
        </p>
        {test ? (
          <p className="ai-test-note" role="note">
            {t('ai.tailoring.testNote')}
          </p>
        ) : null}
      </header>
      <WizardSteps current={wizard} />
      {body}
      {job.elements}
    </div>
  );
}
