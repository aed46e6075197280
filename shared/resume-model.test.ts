import { describe, expect, it } from '@jest/globals';
import { resumeContentSchema } from './resume.ts';
import { emptyResumeContent } from './resume-model.ts';

describe('the resume model without zod', () => {
  it("builds the empty resume the schema's defaults make, key for key and in the same order", () => {
    const fromSchema = resumeContentSchema.parse({});

    const built = emptyResumeContent();

    expect(built).toEqual(fromSchema);
    // The editor compares documents by their JSON (a draft against the stored copy): the order counts too.
    expect(JSON.stringify(built)).toBe(JSON.stringify(fromSchema));
  });

  it('gives a new object each time, so one editor session cannot change the next one', () => {
    const first = emptyResumeContent();
    first.personalInfo.firstName = 'Changed';
    first.sectionOrder.pop();
    first.sectionTitle.skills = 'Changed';

    expect(emptyResumeContent()).toEqual(resumeContentSchema.parse({}));
  });
});
