import { apiHandler, byRouteKey } from '../lib/http.ts';

// Routes arrive with issue 11 (work in progress).
export const handler = apiHandler(byRouteKey({}), { auth: 'staff' });
