import { issueTicket } from '../domain/web-socket.ts';
import { json } from '../lib/http.ts';
import { apiHandler } from '../runtime/api-handler.ts';

/** A short-lived, single-use ticket: the browser never puts its JWT in the WebSocket URL. */
export const handler = apiHandler(async (event) => json(201, { data: await issueTicket(event.caller.sub) }), {
  auth: 'user',
});
