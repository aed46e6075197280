import type { AdminUserDetail } from '#shared/admin';

/** The user the detail page shows, as the admin API gives it. */
export type User = AdminUserDetail['user'];
