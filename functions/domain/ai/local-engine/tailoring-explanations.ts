/** Why each tailoring change is proposed, in the resume's language. */
export const TAILORING_EXPLANATIONS = {
  en: {
    summary: (keywords: string[]) =>
      `Opens with what the job asks for and your resume already shows: ${keywords.join(', ')}.`,
    reorder: (keywords: string[]) =>
      `Puts first the bullets that mention the job's keywords (${keywords.join(', ')}).`,
    respell: (swaps: string[]) =>
      `Uses the job description's own wording (${swaps.join('; ')}): many applicant tracking systems match literal terms.`,
    order: (names: string[]) => `Lists first the skills the job asks for: ${names.join(', ')}.`,
    name: (from: string, to: string) =>
      `The job writes "${to}"; your skill "${from}" is the same thing, spelt the way the ATS will search for it.`,
    title: (title: string) =>
      `Matches the job's title, "${title}", which you already hold in your experience.`,
    injected: 'Leaves out a line written to an AI rather than to a reader: recruiters would see it too.',
  },
  pt: {
    summary: (keywords: string[]) =>
      `Abre com o que a vaga pede e seu currículo já comprova: ${keywords.join(', ')}.`,
    reorder: (keywords: string[]) =>
      `Coloca primeiro os tópicos que citam palavras-chave da vaga (${keywords.join(', ')}).`,
    respell: (swaps: string[]) =>
      `Usa os termos da própria vaga (${swaps.join('; ')}): muitos sistemas de recrutamento (ATS) buscam o termo literal.`,
    order: (names: string[]) => `Lista primeiro as habilidades que a vaga pede: ${names.join(', ')}.`,
    name: (from: string, to: string) =>
      `A vaga escreve "${to}"; sua habilidade "${from}" é a mesma, escrita como o ATS vai procurar.`,
    title: (title: string) => `Alinha ao cargo da vaga, "${title}", que você já ocupou.`,
    injected: 'Remove uma linha escrita para uma IA, não para quem lê: recrutadores também a veriam.',
  },
} as const;
