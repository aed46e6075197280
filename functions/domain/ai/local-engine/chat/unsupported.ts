import type { IntentHandler } from './context.ts';

/** A question the rules cannot answer: say so, and what the offline assistant can do. */
export const unsupported: IntentHandler = ({ en }) => [
  en
    ? 'The basic offline assistant cannot answer that: it has no language model, only rules that read your resume. It can rank the achievements to lead with, reword a job’s bullets (name the employer, and what to mention), and review your summary, skills, experience, length, keywords, ATS readiness or formatting.'
    : 'O assistente básico offline não consegue responder a isso: ele não tem um modelo de linguagem, só regras que leem seu currículo. Ele pode ordenar as conquistas para destacar primeiro, reescrever os tópicos de uma experiência (cite a empresa e o que mencionar) e revisar resumo, habilidades, experiência, tamanho, palavras-chave, ATS ou formatação.',
];
