import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createResumeSchema, type Resume } from '#shared/resume';

// The rules of functions/domain/resumes.ts over an in-memory resumes repository: what the API decides before
// and after the table answers. The repository's own writes are checked in functions/adapters/table/.

process.env.LOG_LEVEL = 'SILENT';

/** One user's stored resumes, by id, and what the fake was asked. */
const table = new Map<string, Record<string, unknown>>();
const writes: Resume[] = [];
/** How many of the next replaces lose their race (another write came between read and write). */
let racesToLose = 0;

jest.unstable_mockModule('../adapters/table/resumes.ts', () => ({
  MAX_RESUME_ITEM_BYTES: 390_000,
  WRITE_ATTEMPTS: 8,
  ResumeTooLarge: class extends Error {},
  readResume: async (_sub: string, id: string) => {
    const stored = table.get(id);
    return stored ? { attributes: structuredClone(stored) } : null;
  },
  replaceResume: async (_read: unknown, next: Resume) => {
    if (racesToLose > 0) {
      racesToLose -= 1;
      const current = table.get(next.id) as { revision: number };
      table.set(next.id, { ...current, revision: current.revision + 1 });
      return 'lost-race';
    }
    writes.push(next);
    table.set(next.id, structuredClone(next));
    return 'written';
  },
  insertResume: async (_sub: string, resume: Resume) => {
    writes.push(resume);
    table.set(resume.id, structuredClone(resume));
    return 'created';
  },
  listResumeAttributes: async () => [...table.values()],
  forEachResumePage: async () => undefined,
  deleteResumeAndConversation: async (_sub: string, id: string) => table.delete(id),
}));
jest.unstable_mockModule('./analytics/metrics.ts', () => ({ recordMetric: async () => undefined }));

const { createResume, deleteResume, duplicateResume, updateResume } = await import('./resumes.ts');

const input = createResumeSchema.parse({ userId: 'u1', firstName: 'Ana' });
const free = { paidAccess: async () => false };

beforeEach(() => {
  table.clear();
  writes.length = 0;
  racesToLose = 0;
});

describe('updateResume rules', () => {
  it('refuses a patch made on another revision with REVISION_CONFLICT, writing nothing', async () => {
    const resume = await createResume('u1', input, null);
    writes.length = 0;

    await expect(
      updateResume('u1', resume.id, { title: 'x' }, { ...free, expectedRevision: resume.revision + 1 }),
    ).rejects.toMatchObject({ code: 'REVISION_CONFLICT', status: 412 });
    expect(writes).toEqual([]);
  });

  it('reads again after losing a race, and then checks the revision the client saw against the new one', async () => {
    const resume = await createResume('u1', input, null);
    racesToLose = 1;

    const unconditioned = await updateResume('u1', resume.id, { title: 'last write wins' }, free);
    expect(unconditioned).toMatchObject({ title: 'last write wins', revision: resume.revision + 2 });

    racesToLose = 1;
    await expect(
      updateResume('u1', resume.id, { title: 'y' }, { ...free, expectedRevision: unconditioned.revision }),
    ).rejects.toMatchObject({ code: 'REVISION_CONFLICT' });
  });

  it('asks for paid access only when the patch chooses a Pro template, and refuses it without', async () => {
    const resume = await createResume('u1', input, null);
    const paidAccess = jest.fn(async () => false);

    await updateResume('u1', resume.id, { title: 'no template change' }, { paidAccess });
    expect(paidAccess).not.toHaveBeenCalled();
    await expect(updateResume('u1', resume.id, { template: 'modern' }, { paidAccess })).rejects.toMatchObject(
      {
        code: 'PRO_REQUIRED',
      },
    );
    expect(paidAccess).toHaveBeenCalledTimes(1);
  });

  it('refuses an unknown template and a photo that is not one of ours as VALIDATION_FAILED', async () => {
    const resume = await createResume('u1', input, null);

    await expect(updateResume('u1', resume.id, { template: 'nope' }, free)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'template' }],
    });
    await expect(
      updateResume('u1', resume.id, { personalInfo: { photo: 'https://evil.example/p.jpg' } }, free),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'personalInfo.photo' }] });
  });
});

describe('duplicateResume and deleteResume rules', () => {
  it('gives a copy without paid access the Simple template instead of a Pro one, and a paid copy keeps it', async () => {
    const resume = await createResume('u1', input, null);
    await updateResume('u1', resume.id, { template: 'modern' }, { paidAccess: async () => true });

    const freeCopy = await duplicateResume('u1', resume.id, { limit: 3, paid: false });
    const paidCopy = await duplicateResume('u1', resume.id, { title: ' Mine ', limit: null, paid: true });

    expect([freeCopy.template, freeCopy.revision, freeCopy.id === resume.id]).toEqual(['simple', 1, false]);
    expect([paidCopy.template, paidCopy.title]).toEqual(['modern', 'Mine']);
  });

  it('answers RESUME_NOT_FOUND for a resume the table no longer has', async () => {
    await expect(deleteResume('u1', 'gone')).rejects.toMatchObject({ code: 'RESUME_NOT_FOUND', status: 404 });
  });
});
