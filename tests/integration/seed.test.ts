import { describe, expect, it } from '@jest/globals';
import { sampleResumeEn, sampleResumePtBr } from '../../shared/sample-resumes.ts';
import { api, info, signIn } from './support/client.ts';

describe('seeded demo user', () => {
  it('owns the English and the Portuguese example resumes, counted against the Free plan', async () => {
    const seeded = info.seedUsers.find((u) => u.email === 'demo@example.com');
    if (!seeded) throw new Error('no seeded demo user');
    const demo = await signIn(seeded.email, seeded.password);

    const list = await api('GET', `/resume/all/${demo.sub}`, { token: demo.accessToken });
    const me = await api('GET', '/me', { token: demo.accessToken });

    const byLanguage = Object.fromEntries(
      list.body.data.map((r: { settings: { language: string } }) => [r.settings.language, r]),
    );
    expect(list.body.data).toHaveLength(2);
    for (const [language, sample] of [
      ['en', sampleResumeEn],
      ['pt-BR', sampleResumePtBr],
    ] as const) {
      const { id, profileId, updatedAt, revision, ...content } = byLanguage[language];
      expect({ profileId, revision }).toEqual({ profileId: demo.sub, revision: 1 });
      expect(content).toEqual(sample);
    }
    expect(me.body.data.usage.resumes).toEqual({ used: 2, limit: 3 });
  });
});
