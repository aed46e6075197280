import { api } from '../../../lib/api-client.ts';

/**
 * POST /resume/{id}/pdf (202): start rendering the saved resume as a PDF; answers the `pdf-render` job to
 * follow. Free users are refused with 403 PRO_REQUIRED.
 */
export async function requestPdf(resumeId: string, signal?: AbortSignal): Promise<string> {
  const { data } = await api.post<{ data: unknown }>(
    `resume/${encodeURIComponent(resumeId)}/pdf`,
    undefined,
    { signal },
  );
  // The schema (and zod) load with the first request: the editor opens without them.
  const { pdfRequestResponseSchema } = await import('#shared/pdf');
  return pdfRequestResponseSchema.parse(data).jobId;
}
