import { escapeHtml } from '../../shared/html.ts';
import type { Mail } from './outbox.ts';

/** The local outbox page: every e-mail the product sent, newest first (English and Portuguese labels). */
export function renderOutbox(mails: Mail[]): string {
  const rows = mails
    .toReversed()
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To / Para: <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.date)}</p>
  ${m.code ? `<p>Code / Código: <code class="code">${escapeHtml(m.code)}</code></p>` : ''}
  ${(m.links ?? []).map((l) => `<p><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></p>`).join('')}
  <pre>${escapeHtml(
    m.html
      ? m.text
          .replace(/<[^>]+>/g, ' ')
          .replace(/[ \t]+/g, ' ')
          .replace(/\n\s*\n+/g, '\n')
      : m.text,
  )}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox · Caixa de saída</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:.5rem;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.05rem}
.meta{color:#6b7280;margin:.25rem 0}.code{font-size:1.3rem;letter-spacing:.15em;background:#eef2ff;padding:.1rem .4rem}
pre{white-space:pre-wrap;background:#f9fafb;padding:.75rem;border-radius:.25rem}</style></head>
<body><h1>Outbox · Caixa de saída</h1>
<p>E-mails sent by the local cloud. · E-mails enviados pela nuvem local.</p>
${rows || '<p>No e-mails yet. · Nenhum e-mail ainda.</p>'}
</body></html>`;
}
