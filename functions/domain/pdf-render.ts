import type { Page } from 'puppeteer-core';
import type { ResumeContent } from '#shared/resume';
import {
  buildDocument,
  documentFont,
  fontLoadQueries,
  type PaginatedPage,
  paginate,
} from '#shared/templates/index';
import { findOverflow, geometryOf, MAX_GUARD_PASSES, measureSheet, roomOf } from '#shared/templates/measure';
import { acquirePage, closePage, releasePage } from '../adapters/chromium.ts';
import { MEASURE_ID, PAGES_ID, pagesHtml, pdfBodyHtml, pdfShellHtml } from './pdf-html.tsx';

/**
 * A resume to PDF, exactly as the preview lays it out: the template's measuring sheet is rendered in
 * Chromium with the same fonts, the shared `paginate` cuts it into pages, the pages are checked for
 * overflow as the preview checks them, and Chromium prints them. The page makes no request: everything
 * but data: URLs is refused, and what was refused is reported.
 */

export interface RenderInput {
  resume: ResumeContent;
  /** The photo as a data:image URL (the worker inlines it); anything else is left out. */
  photoSrc?: string | undefined;
  /** The PDF's title (document metadata). */
  title: string;
}

export interface RenderedPdf {
  bytes: Uint8Array;
  pages: number;
  /** Requests the page tried to make (all refused); empty for every resume we render. */
  blockedRequests: string[];
  /** Milliseconds per phase, for the benchmark and the logs. */
  timings: { layout: number; print: number; total: number };
}

/** Test seams: run right before printing (a test crashes or hangs the page there). */
export interface RenderHooks {
  beforePrint?: (page: Page) => Promise<void> | void;
}

export interface RenderOptions {
  timeoutMs?: number;
  hooks?: RenderHooks;
}

/** Why a render failed: the page crashed or timed out, as opposed to a bug in our code. */
export class RenderFailure extends Error {
  override readonly name = 'RenderFailure';
  readonly code: 'PDF_RENDER_FAILED' | 'PDF_RENDER_TIMEOUT';

  constructor(code: RenderFailure['code'], message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
  }
}

export const DEFAULT_RENDER_TIMEOUT_MS = 15_000;

interface PageState {
  blocked: string[];
  crashed: Promise<never>;
}
const prepared = new WeakMap<Page, PageState>();
/** Pages that hold the shell (fonts parsed); each render only replaces the body. */
const loadedShell = new WeakSet<Page>();

/** Once per page: no scripts of its own, every request but data: refused, a crash turned into a rejection. */
async function prepare(page: Page): Promise<PageState> {
  const known = prepared.get(page);
  if (known) {
    known.blocked.length = 0;
    return known;
  }
  const blocked: string[] = [];
  const crashed = new Promise<never>((_, reject) => {
    page.once('error', (error) =>
      reject(new RenderFailure('PDF_RENDER_FAILED', 'The page crashed.', { cause: error })),
    );
    page.once('close', () => reject(new RenderFailure('PDF_RENDER_FAILED', 'The page closed.')));
  });
  // Nobody may be left holding an unhandled rejection when the page ends between renders.
  crashed.catch(() => undefined);
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    if (url.startsWith('data:')) {
      void request.continue().catch(() => undefined);
      return;
    }
    blocked.push(url);
    void request.abort('blockedbyclient').catch(() => undefined);
  });
  const state = { blocked, crashed };
  prepared.set(page, state);
  return state;
}

/** The shared DOM half of pagination, as the page holds it (installed once per page). */
interface PageFunctions {
  measureSheet: typeof measureSheet;
  findOverflow: typeof findOverflow;
}
type PageGlobal = typeof globalThis & { __rt: PageFunctions };

// The very functions the preview calls, as source: they are self-contained (see measure.ts).
const pageFunctionsSource = `globalThis.__rt = { measureSheet: (${measureSheet.toString()}), findOverflow: (${findOverflow.toString()}) };`;

async function layOut(page: Page, input: RenderInput): Promise<PaginatedPage[]> {
  const doc = buildDocument(input.resume, { photoSrc: input.photoSrc });
  const geometry = geometryOf(doc);
  if (!loadedShell.has(page)) {
    await page.setContent(pdfShellHtml(), { waitUntil: 'load' });
    await page.evaluate(pageFunctionsSource);
    loadedShell.add(page);
  }
  // One round trip: the body in, the fonts loaded, the sheet measured.
  const measurement = await page.evaluate(
    async ({ title, language, body, queries, sheet, geometry }) => {
      document.title = title;
      document.documentElement.lang = language;
      document.body.innerHTML = body;
      // The faces the preview waits for, then whatever else the text asked for (a Latin Extended subset).
      await Promise.all(queries.map((query) => document.fonts.load(query, 'Aã')));
      void document.body.offsetHeight;
      await document.fonts.ready;
      const element = document.querySelector<HTMLElement>(sheet);
      if (!element) throw new Error('No measuring sheet.');
      return (globalThis as PageGlobal).__rt.measureSheet(element, geometry);
    },
    {
      title: input.title,
      language: doc.language,
      body: pdfBodyHtml(doc),
      queries: fontLoadQueries(documentFont(input.resume)),
      sheet: `#${MEASURE_ID} [data-rt-page]`,
      geometry,
    },
  );
  const room = roomOf(geometry, measurement.headerOffset);
  const breaks = new Set<string>();
  let pages = paginate(measurement.columns, room);
  for (;;) {
    // One round trip per pass: the pages in, checked; when they fit, the sheet goes.
    const overflowing = await page.evaluate(
      ({ html, pagesId, measureId, geometry }) => {
        const box = document.getElementById(pagesId);
        if (!box) throw new Error('No pages box.');
        box.innerHTML = html;
        const found = (globalThis as PageGlobal).__rt.findOverflow(
          Array.from(box.querySelectorAll('[data-rt-page]')),
          geometry,
        );
        if (!found) document.getElementById(measureId)?.remove();
        return found;
      },
      { html: pagesHtml(doc, pages), pagesId: PAGES_ID, measureId: MEASURE_ID, geometry },
    );
    if (!overflowing) break;
    if (breaks.has(overflowing) || breaks.size >= MAX_GUARD_PASSES) {
      await page.evaluate((id) => document.getElementById(id)?.remove(), MEASURE_ID);
      break;
    }
    breaks.add(overflowing);
    pages = paginate(measurement.columns, room, { breakBefore: breaks });
  }
  return pages;
}

/** Render a resume to PDF bytes in the process's Chromium. */
export async function renderPdf(input: RenderInput, options: RenderOptions = {}): Promise<RenderedPdf> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const started = performance.now();
  const page = await acquirePage();
  let healthy = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const state = await prepare(page);
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new RenderFailure('PDF_RENDER_TIMEOUT', `No PDF after ${timeoutMs} ms.`)),
        timeoutMs,
      );
    });
    const work = async (): Promise<RenderedPdf> => {
      const pages = await layOut(page, input);
      const laidOut = performance.now();
      await options.hooks?.beforePrint?.(page);
      const bytes = await page.pdf({
        printBackground: true,
        preferCSSPageSize: true,
        tagged: true,
        timeout: timeoutMs,
      });
      const printed = performance.now();
      return {
        bytes,
        pages: pages.length,
        blockedRequests: [...state.blocked],
        timings: {
          layout: Math.round(laidOut - started),
          print: Math.round(printed - laidOut),
          total: Math.round(printed - started),
        },
      };
    };
    const working = work();
    // When the timeout or a crash wins the race, the work's own failure must not go unhandled.
    working.catch(() => undefined);
    const result = await Promise.race([working, timedOut, state.crashed]);
    healthy = true;
    return result;
  } catch (error) {
    if (error instanceof RenderFailure) throw error;
    // A protocol error from a page or browser that went away is a failed render, not a bug.
    if (page.isClosed() || !page.browser().connected) {
      throw new RenderFailure('PDF_RENDER_FAILED', 'Chromium went away mid-render.', { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    if (healthy) await releasePage(page, true);
    else await closePage(page);
  }
}
