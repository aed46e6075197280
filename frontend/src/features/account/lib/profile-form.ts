import { z } from 'zod';

/**
 * The account information form; messages are keys under `account.profile`. Apart from the PATCH /me call
 * (api/update-me.ts), which the signed-in shell loads for the language choice: zod stays off that path.
 */
export const profileFormSchema = z.object({
  firstName: z.string().trim().min(1, { error: 'firstNameRequired' }).max(100, { error: 'tooLong' }),
  lastName: z.string().trim().min(1, { error: 'lastNameRequired' }).max(100, { error: 'tooLong' }),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
