import '../../infra/local/tsx-hooks.ts';

/**
 * The pdf-render worker's work alone, for pdf-bench.ts to watch from outside: `ROUNDS` rounds of every
 * template with the long and the one-page sample, in this process's Chromium, then the browser closed.
 * Prints one JSON line per render (`{"render": n, ...}`) so the watcher can tie memory to progress.
 */
const rounds = Number(process.argv[2] ?? 5);

const { sampleResumeEn, shortResume } = await import('../../shared/sample-resumes.ts');
const { templateIds } = await import('../../shared/templates/registry.ts');
const { renderPdf } = await import('../../functions/domain/pdf-render.ts');
const { browserPid, closeBrowser } = await import('../../functions/adapters/chromium.ts');

let render = 0;
try {
  for (let round = 0; round < rounds; round++) {
    for (const template of templateIds) {
      for (const [name, resume] of [
        ['long', sampleResumeEn],
        ['short', shortResume],
      ] as const) {
        const result = await renderPdf({ resume: { ...resume, template }, title: `Memory ${name}` });
        render++;
        console.log(
          JSON.stringify({
            render,
            round,
            template,
            resume: name,
            ms: result.timings.total,
            browser: browserPid(),
          }),
        );
      }
    }
  }
} finally {
  await closeBrowser();
}
console.log(JSON.stringify({ done: render }));
