import { Worker } from 'node:worker_threads';
import {
  IMPORT_OCR_TIMEOUT_MS,
  IMPORT_PARSE_TIMEOUT_MS,
  type ImportKind,
  importErrorCodes,
} from '#shared/imports';
import type { ParseOptions } from './parse-file.ts';
import {
  PARSE_THREAD_TASK,
  type ParseThreadInput,
  type ParseThreadOutput,
  type ParseThreadProgress,
} from './parse-thread.ts';
import { ImportError, type ParsedResume } from './types.ts';

/**
 * Parsing runs in a worker thread with its own heap limit and a wall-clock limit: a hostile file that makes
 * a parser spin or balloon is stopped (IMPORT_TIMEOUT / IMPORT_UNREADABLE), and the job fails with a code
 * instead of the function timing out with the job left running.
 */

export interface SandboxLimits {
  timeoutMs?: number;
  /**
   * The time limit of a scan read with OCR (tesseract.js, a few seconds a page), counted from the start
   * too: the thread says when OCR begins and the deadline moves out to this.
   */
  ocrTimeoutMs?: number;
  /** The thread's old-generation heap; pdf.js on a few pages needs far less. */
  heapMb?: number;
  /**
   * How much the process's resident memory may grow while the thread parses, in MB. The heap limit does not
   * cover the buffers pdf.js decodes into (images, streams of an encrypted file the pre-check cannot read);
   * past this the thread is stopped with IMPORT_TOO_COMPLEX before the function itself is killed.
   */
  rssGrowthMb?: number;
  /** The process's resident memory in bytes (tests stand a probe in). */
  readRss?: () => number;
  /** Stops the parse at once, as a timeout does (IMPORT_TIMEOUT), e.g. when the caller runs out of time. */
  signal?: AbortSignal;
  /** Told when a scan starts being read with OCR. */
  onOcr?: () => void;
}

/**
 * The thread's script: this very module's file when bundled (the bundle holds parse-thread.ts, which acts
 * when started as a thread), parse-thread.ts next to it when run from source.
 */
function threadScript(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./parse-thread.ts', import.meta.url)
    : new URL(import.meta.url);
}

/**
 * The default growth allowed: the import function has 1,536 MB and starts at about 160 MB; a scan read
 * with OCR peaks near 260 MB above that (tests/load/results/import-memory.md).
 */
const RSS_GROWTH_MB = 1_000;
const MEMORY_POLL_MS = 50;

const isImportCode = (code: string | null): code is ImportError['code'] =>
  (importErrorCodes as readonly (string | null)[]).includes(code);

/**
 * `parseFile` in a separate thread, within time and memory limits. Ending the thread (answer, failure or
 * timeout) ends the threads it started too (tesseract.js's OCR worker), so none outlives the parse.
 */
export function parseInSandbox(
  bytes: Uint8Array,
  kind: ImportKind,
  options: ParseOptions = {},
  limits: SandboxLimits = {},
): Promise<ParsedResume> {
  const timeoutMs = limits.timeoutMs ?? IMPORT_PARSE_TIMEOUT_MS;
  const ocrTimeoutMs = Math.max(timeoutMs, limits.ocrTimeoutMs ?? IMPORT_OCR_TIMEOUT_MS);
  const started = Date.now();
  const input: ParseThreadInput = { task: PARSE_THREAD_TASK, bytes, kind, options };
  return new Promise((resolve, reject) => {
    const worker = new Worker(threadScript(), {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb ?? 512 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      limits.signal?.removeEventListener('abort', abort);
      fn();
      void worker.terminate();
    };
    const timeout = (limit: number) =>
      setTimeout(
        () => settle(() => reject(new ImportError('IMPORT_TIMEOUT', `Parsing took over ${limit} ms.`))),
        Math.max(0, limit - (Date.now() - started)),
      );
    let timer = timeout(timeoutMs);
    const readRss = limits.readRss ?? (() => process.memoryUsage.rss());
    const baseline = readRss();
    const growthLimit = (limits.rssGrowthMb ?? RSS_GROWTH_MB) * 1024 * 1024;
    const watch = setInterval(() => {
      if (readRss() - baseline <= growthLimit) return;
      settle(() =>
        reject(new ImportError('IMPORT_TOO_COMPLEX', `Parsing grew memory by over ${growthLimit} bytes.`)),
      );
    }, MEMORY_POLL_MS);
    watch.unref();
    const abort = () => settle(() => reject(new ImportError('IMPORT_TIMEOUT', 'Parsing was stopped.')));
    if (limits.signal?.aborted) abort();
    limits.signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (output: ParseThreadOutput | ParseThreadProgress) => {
      if ('progress' in output) {
        if (settled) return;
        clearTimeout(timer);
        timer = timeout(ocrTimeoutMs);
        limits.onOcr?.();
        return;
      }
      settle(() => {
        if (output.ok) resolve(output.parsed);
        else if (isImportCode(output.code)) reject(new ImportError(output.code, output.message));
        else reject(new Error(`Parsing failed: ${output.message}`));
      });
    });
    worker.once('error', (error) =>
      settle(() =>
        reject(
          (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ImportError('IMPORT_UNREADABLE', 'Parsing ran out of memory.', { cause: error })
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      settle(() => reject(new Error(`The parsing thread exited with code ${code} before answering.`))),
    );
  });
}
