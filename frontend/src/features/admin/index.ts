/** The admin area and its texts, for the admin route (app/routes/admin.tsx). */
export { AdminArea } from './components/admin-area.tsx';
export { loadAdminMessages } from './messages.ts';
