import type { ResumeContent, SectionKey } from '../../shared/resume.ts';

/**
 * Every field of a resume a reader must find in its PDF, grouped per item in reading order: the header,
 * then each shown section's items in the resume's section order. Dates, levels and links are printed in a
 * formatted or shortened form and are checked elsewhere (links as the PDF's link annotations).
 */
export function fieldGroups(resume: ResumeContent): string[][] {
  const p = resume.personalInfo;
  const lines = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  const groups: string[][] = [
    [`${p.firstName} ${p.lastName}`, p.jobTitle, p.email, p.phone, p.city].filter(Boolean),
  ];
  const sections: Record<string, () => string[][]> = {
    objectives: () => [lines(p.summary)],
    experience: () => resume.experience.map((e) => [e.position, e.company, ...lines(e.description)]),
    education: () => resume.education.map((e) => [e.school, ...lines(e.description)]),
    skills: () => resume.skills.map((s) => [s.name]),
    projects: () => resume.projects.map((e) => [e.name, ...lines(e.description)]),
    certifications: () => resume.certifications.map((e) => [e.name, e.issuer]),
    languages: () => resume.languages.map((e) => [e.language]),
    awards: () => resume.awards.map((e) => [e.title, e.awarder, ...lines(e.description)]),
    volunteering: () => resume.volunteering.map((e) => [e.position, e.organization, ...lines(e.description)]),
  };
  const order = resume.sectionOrder.filter((key) => !resume.hiddenSections.includes(key as SectionKey));
  for (const key of order) {
    if (key.startsWith('custom:')) {
      const section = resume.customSections.find((s) => `custom:${s.id}` === key);
      for (const item of section?.items ?? [])
        groups.push([item.title, item.subtitle, ...lines(item.description)]);
    } else {
      groups.push(...(sections[key]?.() ?? []));
    }
  }
  return groups.map((group) => group.filter(Boolean)).filter((group) => group.length > 0);
}

// Without any whitespace: a PDF's text breaks lines where the page did ('high-' then 'traffic').
const normalise = (text: string) => text.replace(/\s+/g, '').toLocaleLowerCase();

/**
 * Where `text` breaks the reading order of `groups`: fields missing altogether, and groups whose first field
 * comes before the previous group's. Empty lists mean every field is there, in order.
 */
export function readingOrderProblems(text: string, groups: string[][]) {
  const haystack = normalise(text);
  const missing: string[] = [];
  const outOfOrder: string[] = [];
  let cursor = 0;
  for (const group of groups) {
    for (const field of group) if (!haystack.includes(normalise(field))) missing.push(field);
    const [first] = group;
    if (first === undefined) continue;
    const at = haystack.indexOf(normalise(first), cursor);
    if (at === -1) {
      if (haystack.includes(normalise(first))) outOfOrder.push(first);
      continue;
    }
    cursor = at;
  }
  return { missing, outOfOrder };
}
