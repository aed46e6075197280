import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  type CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ResumeContent } from '../../shared/resume.ts';
import { toStaffRole } from '../../shared/roles.ts';
import { waitFor } from './ports.ts';

export interface SeedUser {
  email: string;
  password: string;
  role: string | null;
  /** Example resumes the user owns from the start. */
  resumes?: 'samples';
}

/** The seeded logins, printed at start. Local only: these accounts never exist in a deployed stage. */
export const seedUsers: SeedUser[] = [
  { email: 'demo@example.com', password: 'Demo-Pass-2026', role: null, resumes: 'samples' },
  { email: 'admin@example.com', password: 'Admin-Pass-2026', role: 'admin' },
];

/**
 * Sign up and confirm the seed users (confirmation runs the post-confirmation trigger, as for anyone), put
 * each one's role on their Profile, then give the demo user its example resumes. Runs once per data folder; `--reset` runs it again.
 */
export async function seed(
  client: CognitoIdentityProviderClient,
  pool: { userPoolId: string; clientId: string },
): Promise<void> {
  for (const user of seedUsers) {
    const [first] = user.email.split('@');
    await client.send(
      new SignUpCommand({
        ClientId: pool.clientId,
        Username: user.email,
        Password: user.password,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'given_name', Value: first === 'admin' ? 'Admin' : 'Demo' },
          { Name: 'family_name', Value: 'User' },
          { Name: 'locale', Value: 'en' },
        ],
      }),
    );
    await client.send(new AdminConfirmSignUpCommand({ UserPoolId: pool.userPoolId, Username: user.email }));
    // The seed addresses count as verified (no code is mailed for them), as a confirmed sign-up is deployed.
    await client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: pool.userPoolId,
        Username: user.email,
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    if (user.role) {
      await client.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: pool.userPoolId,
          Username: user.email,
          GroupName: user.role,
        }),
      );
    }
    const { UserAttributes = [] } = await client.send(
      new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: user.email }),
    );
    const sub = UserAttributes.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error(`seed: ${user.email} has no sub`);
    await seedStaffState(sub, user);
    if (user.resumes === 'samples') await seedSampleResumes(sub);
  }
}

/**
 * The Profile as the staff API would leave it: the group's role (what the API trusts) and the verified
 * e-mail, so the seeded admin is admin from the first request after `npm start --reset`.
 */
async function seedStaffState(sub: string, user: SeedUser): Promise<void> {
  const [{ syncStaffState }, { getProfile }] = await Promise.all([
    import('../../functions/domain/staff-role.ts'),
    import('../../functions/domain/profiles.ts'),
  ]);
  // The Profile comes from the post-confirmation trigger.
  await waitFor(async () => {
    if (!(await getProfile(sub))) throw new Error('no profile yet');
  }, `the profile of ${user.email}`);
  await syncStaffState(sub, { staffRole: toStaffRole(user.role), emailVerified: true });
}

/**
 * The English and the Portuguese example resumes, created through the domain (so the plan's count stays
 * right) and only when the user has no resume yet. The handlers' modules are loaded here, after the local
 * cloud has set the environment they read.
 */
async function seedSampleResumes(sub: string): Promise<void> {
  const [{ createResumeFromContent, listResumes }, { getProfile }, samples, plans] = await Promise.all([
    import('../../functions/domain/resumes.ts'),
    import('../../functions/domain/profiles.ts'),
    import('../../shared/sample-resumes.ts'),
    import('../../shared/plans.ts'),
  ]);
  // The Profile comes from the post-confirmation trigger; the resumes are counted on it.
  await waitFor(async () => {
    if (!(await getProfile(sub))) throw new Error('no profile yet');
  }, 'the demo profile');
  if ((await listResumes(sub)).length > 0) return;
  const examples: ResumeContent[] = [samples.sampleResumeEn, samples.sampleResumePtBr];
  for (const content of examples) {
    await createResumeFromContent(sub, content, {
      limit: plans.resumeLimit(false),
      paidAccess: async () => false,
    });
  }
}
