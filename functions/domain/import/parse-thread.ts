import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ImportKind } from '#shared/imports';
import { type ParseOptions, parseFile } from './parse-file.ts';
import { ImportError } from './types.ts';

/**
 * The body of the parsing thread (see sandbox.ts). It runs when this module is loaded as a worker thread's
 * script, or as part of a bundle started as one; anywhere else importing it does nothing.
 */

export const PARSE_THREAD_TASK = 'import-parse';

export interface ParseThreadInput {
  task: typeof PARSE_THREAD_TASK;
  bytes: Uint8Array;
  kind: ImportKind;
  options: ParseOptions;
}

export type ParseThreadOutput =
  | { ok: true; parsed: Awaited<ReturnType<typeof parseFile>> }
  | { ok: false; code: string | null; message: string };

/** A note sent before the answer: OCR has started (the sandbox then allows it more time). */
export interface ParseThreadProgress {
  progress: 'ocr';
}

const input = workerData as ParseThreadInput | null;
if (!isMainThread && input?.task === PARSE_THREAD_TASK && parentPort) {
  const port = parentPort;
  const onOcr = () => port.postMessage({ progress: 'ocr' } satisfies ParseThreadProgress);
  parseFile(input.bytes, input.kind, input.options, { onOcr }).then(
    (parsed) => port.postMessage({ ok: true, parsed } satisfies ParseThreadOutput),
    (error: unknown) =>
      port.postMessage({
        ok: false,
        code: error instanceof ImportError ? error.code : null,
        message: (error as Error)?.message ?? String(error),
      } satisfies ParseThreadOutput),
  );
}
