import { json } from '../lib/http.ts';
import { apiHandler } from '../runtime/api-handler.ts';

/** Liveness of the API itself; the local cloud answers it once every emulator is up. */
export const handler = apiHandler(async () => json(200, { data: { status: 'ok' } }), { auth: 'public' });
