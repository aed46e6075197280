import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The sender of mail written without one (the local Cognito's auth mail). */
export const DEFAULT_FROM = 'Resume Builder <no-reply@resume-builder.local>';

export interface Mail {
  id: string;
  /** The From header (product mail carries the sender it was sent with). */
  from?: string;
  to: string;
  subject: string;
  text: string;
  date: string;
  /** The one-time code the message carries, when it carries one. */
  code?: string | undefined;
  /** Whether `text` is an HTML body. */
  html?: boolean;
  /** Links in the message, in order. */
  links?: string[];
}

let sequence = 0;

/** The local e-mail outbox: each message is an .eml file in `dir`, newest last. */
export class Outbox {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
  }

  write(mail: Omit<Mail, 'id' | 'date' | 'links'>): Mail {
    const date = new Date();
    // The sequence keeps messages written in the same millisecond in order (file names sort as written).
    sequence = (sequence + 1) % 1_000_000;
    const id = `${date.toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;
    const from = oneLine(mail.from ?? DEFAULT_FROM);
    const headers = [
      `From: ${from}`,
      `To: ${oneLine(mail.to)}`,
      `Subject: ${oneLine(mail.subject)}`,
      `Date: ${date.toUTCString()}`,
      ...(mail.code ? [`X-Code: ${mail.code}`] : []),
      'MIME-Version: 1.0',
      `Content-Type: text/${mail.html ? 'html' : 'plain'}; charset=utf-8`,
    ];
    writeFileSync(join(this.dir, `${id}.eml`), `${headers.join('\r\n')}\r\n\r\n${mail.text}\r\n`);
    return { ...mail, from, id, date: date.toISOString(), links: linksIn(mail.text) };
  }

  list(): Mail[] {
    return readdirSync(this.dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((file) => parseEml(file.slice(0, -4), readFileSync(join(this.dir, file), 'utf8')));
  }
}

function parseEml(id: string, raw: string): Mail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split);
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  const date = header('Date');
  const text = raw.slice(split + 4).trimEnd();
  return {
    id,
    from: header('From') || DEFAULT_FROM,
    to: header('To'),
    subject: header('Subject'),
    text,
    date: date ? new Date(date).toISOString() : '',
    code: header('X-Code') || undefined,
    html: header('Content-Type').startsWith('text/html'),
    links: linksIn(text),
  };
}

/** A header value on one line: a newline in a subject or an address would start a header of its own. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

function linksIn(text: string): string[] {
  return [...text.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));
}
