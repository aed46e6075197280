import { z } from 'zod';
import { passwordProblem } from '#shared/password-policy';
import { schemaCheck } from '../../../lib/use-form.ts';

/** Sign-in, sign-up and password reset forms (spec section 5). Messages are keys under `auth.validation`. */

export const validationKeys = [
  'firstNameRequired',
  'lastNameRequired',
  'email',
  'passwordRequired',
  'passwordMin',
  'passwordCommon',
  'codeRequired',
  'resetCodeRequired',
  'passwordsMismatch',
] as const;
export type ValidationKey = (typeof validationKeys)[number];

/** A new password: the shared rule (8 characters, not a common one), each problem with its own message. */
const newPassword = z.string().superRefine((value, context) => {
  const problem = passwordProblem(value);
  if (problem) {
    context.addIssue({
      code: 'custom',
      message: (problem === 'tooShort' ? 'passwordMin' : 'passwordCommon') satisfies ValidationKey,
    });
  }
});

const email = z
  .string()
  .trim()
  .pipe(z.email({ error: 'email' satisfies ValidationKey }));

export const signInSchema = z.object({
  email,
  password: z.string().min(1, { error: 'passwordRequired' satisfies ValidationKey }),
});

export const signUpSchema = z.object({
  firstName: z
    .string()
    .trim()
    .min(1, { error: 'firstNameRequired' satisfies ValidationKey })
    .max(100),
  lastName: z
    .string()
    .trim()
    .min(1, { error: 'lastNameRequired' satisfies ValidationKey })
    .max(100),
  email,
  password: newPassword,
});

export const confirmSignUpSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: 'codeRequired' satisfies ValidationKey }),
});

export const resetRequestSchema = z.object({ email });

/** The change step: e-mail and code (typed, or carried from the e-mailed link), new password twice. */
export const resetChangeSchema = z
  .object({
    email,
    code: z
      .string()
      .trim()
      .min(1, { error: 'resetCodeRequired' satisfies ValidationKey }),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: 'passwordsMismatch' satisfies ValidationKey,
  });

function isValidationKey(value: string): value is ValidationKey {
  return (validationKeys as readonly string[]).includes(value);
}

/** The first problem per field, as validation keys; empty when the form is valid. */
export function fieldErrors<T extends z.ZodType>(schema: T, values: unknown) {
  return schemaCheck(schema, values, (message) => (isValidationKey(message) ? message : 'email'));
}
