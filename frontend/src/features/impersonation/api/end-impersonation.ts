import { api } from '../../../lib/api-client.ts';

/** POST /admin/impersonation/end: the session stops working at once. Never throws (leaving must always work). */
export async function endImpersonation(session: string): Promise<void> {
  try {
    await api.post('admin/impersonation/end', { session });
  } catch {
    // The session also ends on its own at its expiry; the tab has already forgotten it.
  }
}
