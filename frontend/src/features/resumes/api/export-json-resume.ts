import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { exportFileName } from '../lib/resume-files.ts';

/**
 * GET /resume/{id}/export?format=json-resume: the resume as a JSON Resume document. It goes through the API
 * client (not a plain link) because the route needs the access token in the Authorization header.
 */
export async function exportJsonResume(id: string, signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>(`resume/${encodeURIComponent(id)}/export?format=json-resume`, { signal });
}

/** Hand a JSON document to the browser as a download. */
export function saveJsonFile(document: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = globalThis.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  globalThis.document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface ExportJsonResumeInput {
  id: string;
  /** Names the file. */
  title: string;
}

export function useExportJsonResume() {
  return useMutation({
    mutationFn: async ({ id, title }: ExportJsonResumeInput) => {
      saveJsonFile(await exportJsonResume(id), exportFileName(title));
    },
  });
}
