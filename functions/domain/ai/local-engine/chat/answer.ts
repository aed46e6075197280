import type { ChatInput } from '../../provider.ts';
import { atsAdvice } from './ats-advice.ts';
import { type IntentHandler, readChat } from './context.ts';
import { experienceAdvice } from './experience-advice.ts';
import { formattingAdvice } from './formatting-advice.ts';
import type { Intent } from './intent.ts';
import { keywordAdvice } from './keyword-advice.ts';
import { leadAdvice } from './lead-advice.ts';
import { lengthAdvice } from './length-advice.ts';
import { overview } from './overview.ts';
import { rewriteAdvice } from './rewrite-advice.ts';
import { skillsAdvice } from './skills-advice.ts';
import { summaryAdvice } from './summary-advice.ts';
import { unsupported } from './unsupported.ts';

const handlers: Record<Intent, IntentHandler> = {
  rewrite: rewriteAdvice,
  lead: leadAdvice,
  unsupported,
  summary: summaryAdvice,
  skills: skillsAdvice,
  experience: experienceAdvice,
  length: lengthAdvice,
  ats: atsAdvice,
  keywords: keywordAdvice,
  formatting: formattingAdvice,
  general: overview,
};

const INJECTION_NOTE = {
  en: 'Note: part of this text reads like instructions to an AI. I only give advice about the resume, and recruiters will see that text too: remove it from your resume.',
  pt: 'Observação: parte deste texto parece conter instruções para uma IA. Eu só dou conselhos sobre o currículo, e quem recruta também verá esse texto: remova-o do currículo.',
};

/**
 * The assistant's answer to a chat message: the handler of what it asks about, in the question's language,
 * with a note when the resume or the message holds text addressed to an AI.
 */
export function chatAnswer(input: ChatInput): string {
  const chat = readChat(input);
  const out = handlers[chat.intent](chat);
  if (chat.suspicious) out.push(INJECTION_NOTE[chat.lang]);
  return out.join(' ');
}
