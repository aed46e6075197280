import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { personalInfoLimits } from '#shared/resume-model';
import { useChange, useDocument } from '../../store/document-store.ts';
import { useAnnounce } from '../announcer.tsx';
import { useGetDocument } from '../document-access.tsx';
import { AiSuggestions } from './ai-suggestions.tsx';
import { TextArea } from './form-controls.tsx';

/** The spec's advice: 3–5 lines, under 700 characters. Past it the editor warns; it never cuts. */
export const SUMMARY_ADVISED_MAX = 700;

/** The professional summary (`personalInfo.summary`), titled on the resume by `sectionTitle.objectives`. */
export function SummaryEditor() {
  const { t } = useTranslation();
  const change = useChange();
  const get = useGetDocument();
  const announce = useAnnounce();
  const summary = useDocument((d) => d.personalInfo.summary);
  const over = summary.length > SUMMARY_ADVISED_MAX;
  const tooLong = t('editor.summary.tooLong', { count: SUMMARY_ADVISED_MAX });

  // A counter read out at every keystroke would drown the typing; crossing the limit is said once.
  const wasOver = useRef(over);
  useEffect(() => {
    if (over && !wasOver.current) announce(tooLong);
    wasOver.current = over;
  }, [over, tooLong, announce]);

  return (
    <>
      <TextArea
        label={t('editor.summary.label')}
        value={summary}
        onValue={(value) =>
          change(
            { personalInfo: { ...get().personalInfo, summary: value } },
            { coalesce: 'personalInfo.summary' },
          )
        }
        rows={5}
        maxLength={personalInfoLimits.summary}
        field="summary"
        className="editor-summary"
        hint={
          <span className="editor-summary__hint">
            <span>{t('editor.summary.advice', { count: SUMMARY_ADVISED_MAX })}</span>
            <span className="editor-counter" data-over={over || undefined}>
              {t('editor.summary.count', { count: summary.length, max: SUMMARY_ADVISED_MAX })}
            </span>
          </span>
        }
        warning={over ? tooLong : null}
      />
      {/* A suggestion replaces the summary as one undo step of its own (no coalescing with typing). */}
      <AiSuggestions
        target="summary"
        onUse={(text) => change({ personalInfo: { ...get().personalInfo, summary: text } })}
      />
    </>
  );
}
