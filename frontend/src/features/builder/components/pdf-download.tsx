import { useCallback } from 'react';
import { DownloadPdfButton } from '../../pdf/index.ts';
import { useSyncState } from '../hooks/use-resume-session.ts';
import type { SyncEngine } from '../store/sync-engine.ts';
import { saveEverything } from './save-everything.ts';

/** The toolbar's "Download PDF": unsaved edits go to the server first; a resume not yet created has none. */
export function BuilderPdfButton({ engine }: { engine: SyncEngine }) {
  const resumeId = useSyncState((s) => s.resumeId);
  const prepare = useCallback(() => saveEverything(engine), [engine]);
  return <DownloadPdfButton resumeId={resumeId} prepare={prepare} primary className="builder-toolbar__pdf" />;
}
