import type { ResumeLanguage } from '#shared/resume';
import { fold } from './dates.ts';
import type { Line } from './lines.ts';
import type { Section } from './sections.ts';

/** The resume's language: its headings count most, then Portuguese and English words and month names. */

const PT_WORDS = new Set(
  'de da do das dos em com para e que uma um os as no na nos nas por pelo pela atual ate atualmente mais sobre janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro fev abr ago set out dez'.split(
    ' ',
  ),
);
const EN_WORDS = new Set(
  'the and of in with for to a an on at by from present current my our led built january february march april june july august september october november december'.split(
    ' ',
  ),
);

/** pt-BR when Portuguese headings and words outweigh English ones, else en. */
export function detectLanguage(lines: Line[], sections: Section[]): ResumeLanguage {
  let pt = 0;
  let en = 0;
  for (const section of sections) {
    if (section.language === 'pt') pt += 5;
    if (section.language === 'en') en += 5;
  }
  for (const line of lines) {
    for (const word of fold(line.text).split(/[^a-z]+/)) {
      if (PT_WORDS.has(word)) pt++;
      else if (EN_WORDS.has(word)) en++;
    }
    if (/[ãõçêâ]/i.test(line.text)) pt++;
  }
  return pt > en ? 'pt-BR' : 'en';
}
