import { clean } from '../text.ts';
import type { IntentHandler } from './context.ts';

/** "How does it look?": the template, a photo by country, and the order of the sections. */
export const formattingAdvice: IntentHandler = ({ en, resume }) => {
  const out: string[] = [];
  out.push(
    en
      ? `You are using the "${clean(resume.template) || '?'}" template. Keep one font, consistent date formats and bullets of one or two lines.`
      : `Você está usando o modelo "${clean(resume.template) || '?'}". Mantenha uma fonte, datas no mesmo formato e tópicos de uma ou duas linhas.`,
  );
  if (resume.settings?.showPhoto && resume.personalInfo?.photo)
    out.push(
      en
        ? 'Your resume shows a photo: in the US and UK, leave it out; in Brazil it is common but optional.'
        : 'Seu currículo mostra foto: no Brasil é comum, mas opcional; para vagas nos EUA e no Reino Unido, retire.',
    );
  const order = resume.sectionOrder.filter((s) => !resume.hiddenSections.includes(s)).slice(0, 4);
  out.push(
    en
      ? `Your sections start with ${order.join(', ')}: put experience first unless you are a student or changing careers.`
      : `Suas seções começam por ${order.join(', ')}: coloque a experiência primeiro, a menos que você seja estudante ou esteja mudando de carreira.`,
  );
  return out;
};
