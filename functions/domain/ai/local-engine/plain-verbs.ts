import { type Lang, upperFirst } from './text.ts';

// A weak opening said plainly, claiming no more than it did (ownership.ts): "worked on" took part, so it
// becomes "Contributed to", never "Delivered"; "responsible for" owned, so "Owned" says the same.
export const WEAK_STARTS: Record<Lang, [RegExp, string][]> = {
  en: [
    [/^(?:i\s+)?(?:was\s+)?responsible for\s+/i, 'Owned '],
    [/^(?:i\s+)?was in charge of\s+/i, 'Led '],
    [/^(?:i\s+)?worked on\s+/i, 'Contributed to '],
    [/^(?:i\s+)?participated in\s+/i, 'Contributed to '],
    [/^(?:i\s+)?handled\s+/i, 'Managed '],
    [/^(?:i\s+)?(?:was\s+)?tasked with\s+/i, 'Handled '],
    [/^(?:i\s+)?duties included\s+/i, 'Handled '],
  ],
  pt: [
    [/^(?:fui\s+)?respons[aá]vel (?:por|pela|pelo)\s+/i, 'Conduzi '],
    [/^trabalhei (?:em|no|na|com)\s+/i, 'Atuei em '],
    [/^participei d[ao]\s+/i, 'Contribuí para '],
    [/^participei de\s+/i, 'Contribuí para '],
    [/^ajudei (?:a\s+)?/i, 'Apoiei '],
  ],
};
const FILLER: [RegExp, string][] = [
  [/\s+successfully\b/gi, ''],
  [/\bsuccessfully\s+/gi, ''],
  [/\bin order to\b/gi, 'to'],
  [/\butiliz(?:ed|ing)\b/gi, 'used'],
  [/\bcom sucesso\b/gi, ''],
  [/\s{2,}/g, ' '],
];

/** A bullet said plainly: its weak opening replaced, filler words dropped, no trailing stop. */
export function tidy(line: string, lang: Lang): string {
  let text = line.trim().replace(/[.;]+$/, '');
  for (const [pattern, replacement] of WEAK_STARTS[lang]) {
    if (pattern.test(text)) {
      text = replacement + text.replace(pattern, '');
      break;
    }
  }
  for (const [pattern, replacement] of FILLER) text = text.replace(pattern, replacement);
  return upperFirst(text.trim());
}
