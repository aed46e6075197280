import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, jest } from '@jest/globals';
import type { ocrPdf } from './ocr.ts';
import { parseInSandbox } from './sandbox.ts';

// Scans made from our own fixtures (tests/fixtures/ocr/README.md): page images, no text layer.
// OCR takes a few seconds a page on two busy cores.
jest.setTimeout(120_000);

/**
 * `ocrPdf` in a thread of plain Node, as the importer runs it: inside jest's module sandbox pdf.js's image
 * decoding and the page drawing run about a hundred times slower.
 */
function ocrInThread(bytes: Uint8Array): ReturnType<typeof ocrPdf> {
  const url = (path: string) => pathToFileURL(path).href;
  const source = `
    import { parentPort, workerData } from 'node:worker_threads';
    globalThis.pdfjsWorker = await import(${JSON.stringify(url(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs')))});
    const { ocrPdf } = await import(${JSON.stringify(url(resolve(import.meta.dirname, 'ocr.ts')))});
    parentPort.postMessage(await ocrPdf(workerData));
  `;
  return new Promise((done, fail) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), {
      workerData: bytes,
    });
    worker.once('message', (doc) => {
      done(doc);
      void worker.terminate();
    });
    worker.once('error', fail);
  });
}

const scan = (name: string) =>
  new Uint8Array(readFileSync(resolve(import.meta.dirname, '../../../tests/fixtures/ocr', name)));

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: string }) => error.code ?? String(error),
  );

/** This process's threads (the main one, libuv's pool, V8's, and any worker threads). */
const threads = () => readdirSync('/proc/self/task').length;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Waits for worker threads to be gone (ending one is asynchronous): down to `atMost`, else steady for 1 s. */
async function settledThreads(atMost = 0): Promise<number> {
  let count = threads();
  let steady = 0;
  for (let tries = 0; tries < 100 && count > atMost && steady < 10; tries++) {
    await pause(100);
    const now = threads();
    steady = now === count ? steady + 1 : 0;
    count = now;
  }
  return count;
}

describe('ocrPdf', () => {
  it('reads a scanned page into lines in PDF points, sized and weighted, in reading order', async () => {
    const doc = await ocrInThread(scan('maya-chen.scan.pdf'));

    expect(doc).toMatchObject({ kind: 'pdf', pages: 1, pageWidth: 612, pageHeight: 792 });
    expect(doc.stats.pageMs).toHaveLength(1);
    const name = doc.lines.find((line) => line.text === 'Maya Chen');
    const heading = doc.lines.find((line) => line.text === 'EXPERIENCE');
    const bullet = doc.lines.find((line) => line.text.includes('Triage and treat'));
    // The page prints the name 24 pt bold at y 60, the section heading bold, bullets as regular text.
    expect(name).toMatchObject({ page: 1, bold: true });
    expect(name?.y).toBeCloseTo(60, -1);
    expect(name?.size).toBeGreaterThan(18);
    expect(heading).toMatchObject({ bold: true });
    expect(bullet).toMatchObject({ bold: false });
    expect(bullet?.text).toMatch(/^•/);
    expect(doc.lines.map((line) => line.y)).toEqual(
      [...doc.lines.map((line) => line.y)].sort((a, b) => a - b),
    );
  });

  it('reads nothing on a blank page', async () => {
    const doc = await ocrInThread(scan('blank.scan.pdf'));
    expect(doc.lines).toEqual([]);
    expect(doc.stats.pageMs).toHaveLength(1);
  });
});

describe('a scan through the importer', () => {
  it('is parsed like any PDF, and says it was read with OCR', async () => {
    const parsed = await parseInSandbox(scan('maya-chen.scan.pdf'), 'pdf');

    expect(parsed.ocr).toBe(true);
    expect(parsed.ocrPageMs).toHaveLength(1);
    expect(parsed.content.personalInfo).toMatchObject({
      firstName: 'Maya',
      lastName: 'Chen',
      email: 'maya.chen.rn@example.com',
    });
    expect(parsed.content.experience[0]).toMatchObject({
      company: 'Harborview Medical Center',
      position: 'Emergency Department Nurse',
      startDate: '2020-04',
      current: true,
    });
  });

  it('answers a blank scan with a code, not a crash', async () => {
    expect(await codeOf(parseInSandbox(scan('blank.scan.pdf'), 'pdf'))).toBe('IMPORT_NO_TEXT');
  });

  it('ends the OCR worker with the parse when it is stopped, and at its time limit', async () => {
    // A parse in the sandbox first, so that the pools a first parse starts count in the baseline.
    await codeOf(parseInSandbox(scan('blank.scan.pdf'), 'pdf'));
    const baseline = await settledThreads();

    // Stopped while tesseract.js reads the page: the parsing thread and the OCR worker both run then.
    const controller = new AbortController();
    let during = 0;
    const whileReading = async () => {
      for (let tries = 0; tries < 300 && threads() < baseline + 2 && !controller.signal.aborted; tries++) {
        await pause(50);
      }
      during = threads();
      controller.abort();
    };
    const stopped = parseInSandbox(
      scan('maya-chen.scan.pdf'),
      'pdf',
      {},
      { signal: controller.signal, onOcr: () => void whileReading() },
    ).finally(() => controller.abort());
    expect(await codeOf(stopped)).toBe('IMPORT_TIMEOUT');
    expect(during).toBeGreaterThanOrEqual(baseline + 2);
    expect(await settledThreads(baseline)).toBeLessThanOrEqual(baseline);

    // A time limit too short for any page.
    const late = parseInSandbox(scan('maya-chen.scan.pdf'), 'pdf', {}, { timeoutMs: 500, ocrTimeoutMs: 500 });
    expect(await codeOf(late)).toBe('IMPORT_TIMEOUT');
    expect(await settledThreads(baseline)).toBeLessThanOrEqual(baseline);
  });
});
