import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Mail {
  id: string;
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

/** The local e-mail outbox: each message is an .eml file in `dir`, newest last. */
export class Outbox {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
  }

  write(mail: Omit<Mail, 'id' | 'date' | 'links'>): Mail {
    const date = new Date();
    const id = `${date.toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
    const headers = [
      'From: Resume Builder <no-reply@resume-builder.local>',
      `To: ${mail.to}`,
      `Subject: ${mail.subject}`,
      `Date: ${date.toUTCString()}`,
      ...(mail.code ? [`X-Code: ${mail.code}`] : []),
      'MIME-Version: 1.0',
      `Content-Type: text/${mail.html ? 'html' : 'plain'}; charset=utf-8`,
    ];
    writeFileSync(join(this.dir, `${id}.eml`), `${headers.join('\r\n')}\r\n\r\n${mail.text}\r\n`);
    return { ...mail, id, date: date.toISOString(), links: linksIn(mail.text) };
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
    to: header('To'),
    subject: header('Subject'),
    text,
    date: date ? new Date(date).toISOString() : '',
    code: header('X-Code') || undefined,
    html: header('Content-Type').startsWith('text/html'),
    links: linksIn(text),
  };
}

function linksIn(text: string): string[] {
  return [...text.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));
}
