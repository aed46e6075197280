/**
 * Contact details found in free text: e-mail, phone, links (LinkedIn, GitHub, websites) and a city.
 */

export const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)\s?)?\d{2,5}[\s.-]?\d{3,5}(?:[\s.-]?\d{2,5})?/;
const URL_LIKE =
  /(?:https?:\/\/)?(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|dev|me|br|co|app|xyz|info|tech|site|page|ai|us|uk|de|pt|edu|gov)(?:\.[a-z]{2})?(?:\/[^\s·|,;]*)?/i;

/** The phone number in a text (7 to 15 digits), or ''. */
export function findPhone(text: string): string {
  const cleaned = text.replace(EMAIL, ' ').replace(URL_LIKE, ' ');
  const match = PHONE.exec(cleaned);
  if (!match) return '';
  const digits = match[0].replace(/\D/g, '').length;
  // A year range ("2019 - 2021") is not a phone number.
  if (digits < 7 || digits > 15 || /^(19|20)\d{2}\s*[-–]\s*(19|20)\d{2}$/.test(match[0].trim())) return '';
  return match[0].trim();
}

/** The e-mail address in a text, or ''. */
export function findEmail(text: string): string {
  return EMAIL.exec(text)?.[0] ?? '';
}

/** The URL in a text (not an e-mail's domain), or ''. */
export function findUrl(text: string): string {
  const withoutEmail = text.replace(new RegExp(EMAIL.source, 'g'), ' ');
  return URL_LIKE.exec(withoutEmail)?.[0]?.replace(/[).,;]+$/, '') ?? '';
}

export interface FoundLink {
  network: string;
  username: string;
  url: string;
}

/** A link as the resume model keeps it: network from the address (or the label beside it), username from its path. */
export function linkOf(url: string, label = ''): FoundLink {
  const full = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  const host = /^https?:\/\/(?:www\.)?([^/]+)/i.exec(full)?.[1]?.toLowerCase() ?? '';
  const path = full.replace(/^https?:\/\/[^/]+/i, '').replace(/\/$/, '');
  if (host.endsWith('linkedin.com')) {
    return { network: 'LinkedIn', username: /\/in\/([^/?#]+)/.exec(path)?.[1] ?? '', url: full };
  }
  if (host === 'github.com') {
    return { network: 'GitHub', username: /^\/([^/?#]+)/.exec(path)?.[1] ?? '', url: full };
  }
  const named = label.trim() && !/^(website|site|web|portfolio|portf[oó]lio|url|links?)$/i.test(label.trim());
  return { network: named ? titleCase(label.trim()) : 'Website', username: '', url: full };
}

function titleCase(text: string): string {
  return text === text.toUpperCase() ? text.charAt(0) + text.slice(1).toLowerCase() : text;
}

/** Whether a short text reads like a place: "Austin, TX", "São Paulo, SP", "Lisbon, Portugal", "Remote". */
export function looksLikePlace(text: string): boolean {
  const t = text.trim();
  if (/^(remote|remoto|hybrid|h[ií]brido)$/i.test(t)) return true;
  const [town = '', region = '', ...more] = t.split(/\s*,\s*/);
  return more.length <= 1 && capitalisedWords(town) && capitalisedWords(region) && !/\d/.test(t);
}

/** "São Paulo", "Rio de Janeiro", "TX": every word capitalised but the small joining ones. */
function capitalisedWords(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  return (
    words.length > 0 &&
    words.length <= 4 &&
    words.every((w) => /^[\p{Lu}][\p{L}.'’-]*$/u.test(w) || /^(de|do|da|dos|das|of|on|upon)$/.test(w))
  );
}
