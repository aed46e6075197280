import { looksLikePlace } from './contact.ts';

/**
 * Which text of a job's head is the job title, which the employer and which the place: by a vocabulary of job
 * titles and of the words employers' names carry, by place patterns ("Austin, TX", "São Paulo, SP"), and,
 * where an entry says nothing either way, by how the section's other entries are ordered.
 */

export const JOB_WORDS =
  /\b(engineer|developer|manager|analyst|designer|intern|internship|lead|director|consultant|specialist|coordinator|assistant|architect|scientist|officer|head|vp|president|administrator|technician|associate|representative|advisor|adviser|teacher|nurse|accountant|writer|editor|programmer|owner|founder|co-founder|mentor|researcher|research fellow|fellow|postdoc|postdoctoral|professor|lecturer|instructor|tutor|trainer|recruiter|strategist|planner|buyer|marketer|producer|photographer|therapist|pharmacist|physician|resident|attorney|lawyer|paralegal|counsel|auditor|controller|bookkeeper|clerk|cashier|receptionist|secretary|executive|agent|operator|supervisor|chef|cook|barista|server|volunteer|ambassador|chair|treasurer|captain|partner|principal|trainee|apprentice|student|tech|rn|lpn|cna|desenvolvedor|desenvolvedora|engenheir[oa]|analista|gerente|coordenador[a]?|estagi[aá]ri[oa]|est[aá]gio|consultor[a]?|especialista|diretor[a]?|assistente|t[eé]cnic[oa]|supervisor[a]?|professor[a]?|arquitet[oa]|cientista|auxiliar|vendedor[a]?|s[oó]ci[oa]|fundador[a]?|enfermeir[oa]|m[eé]dic[oa]|advogad[oa]|pesquisador[a]?|bolsista|atendente|recepcionista|gestor[a]?|l[ií]der|operador[a]?|representante|executiv[oa]|designer|redator[a]?|contador[a]?|programador[a]?|monitor[a]?|tutor[a]?|volunt[aá]ri[oa])\b/i;

export const COMPANY_WORDS =
  /\b(inc|llc|llp|ltd|plc|corp|corporation|company|co|gmbh|s\.?a|ltda|me|eireli|group|grupo|bank|banco|hospital|medical center|health|healthcare|clinic|cl[ií]nica|university|universidade|college|school|escola|institute|instituto|labs?|laborat[oó]rio|technologies|technology|tecnologia|systems|solutions|solu[cç][oõ]es|software|consulting|consultoria|partners|agency|ag[eê]ncia|studio|est[uú]dio|foundation|funda[cç][aã]o|capital|ventures|associates|services|servi[cç]os|council|department|ministry|county|city of|prefeitura|secretaria|center|centre|centro|store|loja|restaurant|hotel|media|m[ií]dia|digital|global|international|industries|ind[uú]stria|com[eé]rcio|network|nonprofit|ong|\.com|\.io)\b\.?/i;

export interface HeadRoles {
  position: string;
  company: string;
  location: string;
  /** Texts of the head left over (a team, a department): they go to the description. */
  rest: string[];
  /** Whether job or employer words decided the roles. */
  sure: boolean;
  /** Which of the two was printed first, where both were found. */
  printedFirst?: 'position' | 'company';
  /** For an unsure pair: the two texts as printed, so the section's order can decide. */
  pair?: [string, string];
}

const TOWN_AND_REGION =
  /^[\p{Lu}][\p{L}'’.-]*(?:\s+(?:de|do|da|dos|das|[\p{Lu}][\p{L}'’.-]*)){0,3},\s*(?:\p{Lu}{2,3}|[\p{Lu}][\p{Ll}]+(?:\s[\p{Lu}][\p{Ll}]+)?)$/u;

/** A place, not an employer or a job that happens to be set in capitals and commas. */
export const isPlace = (text: string) =>
  looksLikePlace(text) &&
  // A region's code is no company's suffix ("Denver, CO", "Portland, ME").
  !COMPANY_WORDS.test(text.replace(/,\s*\p{Lu}{2}$/u, '')) &&
  !JOB_WORDS.test(text);

const jobScore = (text: string) => (JOB_WORDS.test(text) ? 1 : 0) - (COMPANY_WORDS.test(text) ? 1 : 0);

/**
 * "Acme Corp, Austin, TX" → the name and the place printed after it (a town and a region after commas). A
 * head printed as a sentence ends in a full stop that is not the region's ("Acme Corp, Durham, NC.").
 */
function withoutPlace(text: string): { name: string; place: string } {
  const found = placeAtEnd(text);
  if (found.place || !text.endsWith('.')) return found;
  const bare = placeAtEnd(text.slice(0, -1));
  return bare.place ? bare : found;
}

/** Where a job is done, printed in place of a town. */
const WORK_MODE = /^(remote|remoto|hybrid|h[ií]brido|on-site|presencial)$/i;

function placeAtEnd(text: string): { name: string; place: string } {
  const parts = text.split(/\s*,\s*/);
  const last = parts.at(-1) ?? '';
  if (parts.length >= 2 && WORK_MODE.test(last)) return { name: parts.slice(0, -1).join(', '), place: last };
  if (parts.length < 3) return { name: text, place: '' };
  const place = parts.slice(-2).join(', ');
  const region = parts.at(-1) ?? '';
  // "Cardiac Step-Down, Dell Seton Medical Center" is a unit and an employer, not a town and a region.
  if (!isPlace(place) || !/^\p{Lu}{2,3}$|^\p{Lu}[\p{Ll}]+(?: [\p{Lu}][\p{Ll}]+)*$/u.test(region)) {
    return { name: text, place: '' };
  }
  return { name: parts.slice(0, -2).join(', '), place };
}

/** A job and an employer printed as one text: cut where the job words end and the employer's begin. */
function splitOne(
  text: string,
): { position: string; company: string; printedFirst: 'position' | 'company' } | undefined {
  const at = /^(.+?)\s+(at|@|na|no|em|for|with)\s+(.+)$/.exec(text);
  const [, job = '', word = '', employer = ''] = at ?? [];
  // "at" joins a job to its employer whatever the job's words say of a company ("Software Engineer at ...").
  const joined =
    word === 'at' || word === '@'
      ? JOB_WORDS.test(job) && !JOB_WORDS.test(employer)
      : jobScore(job) > 0 && jobScore(employer) <= 0;
  if (job && employer && joined) return { position: job, company: employer, printedFirst: 'position' };
  const cuts = [...text.matchAll(/\s+[-–—|]\s+|,\s+/g)];
  let best:
    | { position: string; company: string; score: number; printedFirst: 'position' | 'company' }
    | undefined;
  for (const cut of cuts) {
    const left = text.slice(0, cut.index).trim();
    const right = text.slice((cut.index ?? 0) + cut[0].length).trim();
    if (!left || !right || isPlace(right)) continue;
    const [l, r] = [jobScore(left), jobScore(right)];
    // The later the cut, the shorter the employer: "Registered Nurse, Medical ICU, St. David's Medical Center".
    if (l > r) {
      const score = l - r + (COMPANY_WORDS.test(right) ? 1 : 0);
      if (!best || score >= best.score)
        best = { position: left, company: right, score, printedFirst: 'position' };
    } else if (r > l) {
      const score = r - l + (COMPANY_WORDS.test(left) ? 1 : 0);
      if (!best || score > best.score)
        best = { position: right, company: left, score, printedFirst: 'company' };
    }
  }
  if (!best) return undefined;
  const { score: _score, ...split } = best;
  return split;
}

/** The roles of a job head's texts (dates and links already taken out), in the order printed. */
export function experienceRoles(texts: readonly string[]): HeadRoles {
  let location = '';
  const named: string[] = [];
  for (const text of texts) {
    // A place comes after the job or the employer ("Great Lakes Mobility, Detroit, MI" is an employer and its
    // town), unless it is plainly a town and its region ("Austin, TX" over the employer in a layout table).
    if (!location && isPlace(text) && (named.length > 0 || TOWN_AND_REGION.test(text))) location = text;
    else named.push(text);
  }
  const cleaned = named.map((text) => {
    const { name, place } = withoutPlace(text);
    if (place && !location) location = place;
    return place ? name : text;
  });
  const [first = '', second = '', ...rest] = cleaned;
  if (!second) {
    const split = splitOne(first);
    if (split) return { ...split, location, rest, sure: true };
    return { position: first, company: '', location, rest, sure: false };
  }
  const [a, b] = [jobScore(first), jobScore(second)];
  if (a > b)
    return { position: first, company: second, location, rest, sure: true, printedFirst: 'position' };
  if (b > a) return { position: second, company: first, location, rest, sure: true, printedFirst: 'company' };
  return { position: first, company: second, location, rest, sure: false, pair: [first, second] };
}

/**
 * A section's entries made consistent: where an entry's words could not tell which is the job, it takes the
 * order most of the section's decided entries print (employer first, or job first).
 */
export function resolveSection(entries: readonly HeadRoles[]): HeadRoles[] {
  const sure = entries.filter((entry) => entry.sure && entry.printedFirst);
  const employerFirst = sure.filter((entry) => entry.printedFirst === 'company').length;
  const jobFirst = sure.length - employerFirst;
  return entries.map((entry) => {
    if (entry.sure || !entry.pair || employerFirst <= jobFirst) return entry;
    const [first, second] = entry.pair;
    return { ...entry, position: second, company: first, printedFirst: 'company' };
  });
}
