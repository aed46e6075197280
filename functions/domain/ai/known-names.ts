import type { Token } from '#shared/match-text';
import { tokenize } from '#shared/match-text';

/**
 * Employers and schools a model is likely to name when it invents a past for the candidate, known by name
 * whatever their case or place in a sentence ("google", "Google engineer who…"). A name that is also a
 * common word ("meta" is a goal in Portuguese; "apple", "vale", "caixa") is one only when capitalised (`=`).
 * The grounding filter drops a suggestion naming one the resume does not.
 */
const NAMES = `
google, alphabet, microsoft, netflix, facebook, instagram, whatsapp, linkedin, twitter, youtube, nvidia, ibm,
salesforce, adobe, intel, cisco, samsung, huawei, siemens, bosch, philips, accenture, deloitte, kpmg, pwc,
pricewaterhousecoopers, ernst & young, mckinsey, bcg, boston consulting group, capgemini, infosys, wipro,
cognizant, thoughtworks, globant, stefanini, totvs, spotify, airbnb, uber, lyft, tesla, spacex, openai,
anthropic, paypal, ebay, shopify, atlassian, vmware, goldman sachs, morgan stanley, jpmorgan, jp morgan,
citibank, citigroup, hsbc, barclays, blackrock, walmart, pfizer, novartis, unilever, nestle, pepsico,
coca-cola, bytedance, tiktok, alibaba, tencent, nubank, itau, itau unibanco, bradesco, santander, petrobras,
embraer, ambev, ifood, picpay, mercadolibre, magazine luiza, magalu, localiza, gerdau,
btg pactual, banco do brasil, stanford, harvard, princeton, yale, mit, caltech, berkeley, oxford, cambridge,
carnegie mellon, unicamp, usp, ufrj, ufmg, ufrgs, unesp, fgv, insper,
=Apple, =Amazon, =Meta, =Oracle, =Shell, =Target, =Stone, =Vale, =Globo, =Caixa, =Natura, =Stripe, =Visa,
=Columbia, =Mercado Livre, =ITA, =PUC, =Vivo, =Claro, =Square
`;

interface KnownName {
  norms: string[];
  /** Only when each of its words is capitalised. */
  capitalised: boolean;
}

const byFirst = new Map<string, KnownName[]>();
for (const entry of NAMES.split(',')) {
  const written = entry.trim();
  if (written === '') continue;
  const name: KnownName = {
    norms: tokenize(written.replace(/^=/, '')).map((t) => t.norm),
    capitalised: written.startsWith('='),
  };
  const first = name.norms[0] as string;
  byFirst.set(first, [...(byFirst.get(first) ?? []), name]);
}
// Longest first, so "Itaú Unibanco" wins over "Itaú".
for (const list of byFirst.values()) list.sort((a, b) => b.norms.length - a.norms.length);

export interface NameHit {
  /** Token indices, end exclusive. */
  from: number;
  to: number;
  norms: string[];
}

/** The known employers and schools the tokens name, left to right. */
export function knownNamesIn(tokens: readonly Token[]): NameHit[] {
  const hits: NameHit[] = [];
  let i = 0;
  while (i < tokens.length) {
    const name = byFirst.get((tokens[i] as Token).norm)?.find((n) =>
      n.norms.every((norm, k) => {
        const token = tokens[i + k];
        return (
          token !== undefined &&
          token.norm === norm &&
          (k === 0 || token.joined) &&
          (!n.capitalised || /^\p{Lu}/u.test(token.raw))
        );
      }),
    );
    if (name) {
      hits.push({ from: i, to: i + name.norms.length, norms: name.norms });
      i += name.norms.length;
    } else i++;
  }
  return hits;
}
