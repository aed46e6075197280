import { createHash } from 'node:crypto';
import { mkdir, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getDocument, ImageKind, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type Tesseract from 'tesseract.js';
import { IMPORT_MAX_PAGES, IMPORT_OCR_MAX_PAGES } from '#shared/imports';
import { alignPageColumns, type Glyphs, type LaidOutLine, toLines } from './layout.ts';
import { ImportError, type TextDocument } from './types.ts';

/**
 * A scanned PDF (page images, no text layer) → `TextDocument`, read with OCR so the usual parser reads it
 * like any PDF. Each page's images are drawn into one grey page at about 300 dpi (pdf.js decodes them; no
 * canvas, so nothing native is needed), tesseract.js reads it with English and Portuguese data from the
 * `@tesseract.js-data` packages on disk, and its words come back as runs in PDF points for layout.ts.
 * Nothing is fetched: the wasm core comes from `tesseract.js-core`, the language data from node_modules.
 */

/** The resolution pages are read at: tesseract's own sweet spot (at 150 dpi it drops large headings). */
export const OCR_DPI = 300;
/** Most pixels one page is drawn with (a letter page at 300 dpi is 8.4 M; bigger pages get fewer dpi). */
export const OCR_MAX_PAGE_PIXELS = 10_000_000;
/** Largest embedded image pdf.js decodes for OCR (a letter page scanned at 600 dpi is 34 M pixels). */
const MAX_IMAGE_PIXELS = 50_000_000;

export interface OcrOptions {
  /** Pages read at most (the rest of a longer scan is left out). */
  maxPages?: number;
  dpi?: number;
}

export interface OcrStats {
  pages: number;
  /** Milliseconds per page read (drawing and recognition), in page order. */
  pageMs: number[];
}

type PdfDocument = Awaited<ReturnType<typeof getDocument>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;
type Matrix = [number, number, number, number, number, number];

/** Read a PDF's pages with OCR. Throws IMPORT_UNREADABLE for damaged files; a blank scan gives no lines. */
export async function ocrPdf(
  bytes: Uint8Array,
  options: OcrOptions = {},
): Promise<TextDocument & { stats: OcrStats }> {
  const dpi = options.dpi ?? OCR_DPI;
  const task = getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
  });
  let reader: OcrReader | undefined;
  try {
    const pdf = await task.promise.catch((error: unknown) => {
      throw new ImportError('IMPORT_UNREADABLE', 'the PDF cannot be read', { cause: error });
    });
    if (pdf.numPages > IMPORT_MAX_PAGES) {
      throw new ImportError('IMPORT_TOO_MANY_PAGES', `${pdf.numPages} pages (at most ${IMPORT_MAX_PAGES})`);
    }
    const pages = Math.min(pdf.numPages, options.maxPages ?? IMPORT_OCR_MAX_PAGES);
    const read: PageWords[] = [];
    const pageMs: number[] = [];
    let pageWidth = 612;
    let pageHeight = 792;
    for (let n = 1; n <= pages; n++) {
      const started = performance.now();
      const page = await pdf.getPage(n);
      try {
        const size = page.getViewport({ scale: 1 });
        if (n === 1) [pageWidth, pageHeight] = [size.width, size.height];
        const scale = Math.min(dpi / 72, Math.sqrt(OCR_MAX_PAGE_PIXELS / (size.width * size.height)));
        let raster = await rasterise(page, scale);
        // A page scanned askew is drawn again turned straight: tesseract and layout.ts both want level lines.
        const skew = skewOf(raster);
        if (skew !== 0) raster = await rasterise(page, scale, -skew);
        if (hasInk(raster)) {
          reader ??= await startReader();
          const words = await reader.read(raster, Math.round(72 * scale));
          read.push({ page: n, width: size.width, scale, words });
        }
      } finally {
        page.cleanup();
      }
      pageMs.push(Math.round(performance.now() - started));
    }
    const lines: LaidOutLine[] = glyphsOf(read).flatMap((glyphs, k) =>
      toLines(glyphs, read[k]?.width ?? pageWidth),
    );
    alignPageColumns(lines);
    return { kind: 'pdf', pages: pdf.numPages, pageWidth, pageHeight, lines, stats: { pages, pageMs } };
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError('IMPORT_UNREADABLE', 'the scan cannot be read', { cause: error });
  } finally {
    await reader?.stop();
    await task.destroy();
  }
}

// -----------------------------------------------------------------------------------------------------
// Pages to pixels: every image the page paints, drawn where the page puts it.

interface Raster {
  width: number;
  height: number;
  /** Grey levels, 0 black to 255 white, row by row. */
  pixels: Uint8Array;
}

interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/** `m` after `n` (pdf.js's Util.transform): a point goes through `n` first, then `m`. */
function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (Math.abs(det) < 1e-12) return null;
  return [
    m[3] / det,
    -m[1] / det,
    -m[2] / det,
    m[0] / det,
    (m[2] * m[5] - m[3] * m[4]) / det,
    (m[1] * m[4] - m[0] * m[5]) / det,
  ];
}

/**
 * The page's images drawn into a white grey-level page at `scale` pixels per point, turned by `turn`
 * radians about the page's centre (clockwise on the page; 0 for none).
 */
async function rasterise(page: PdfPage, scale: number, turn = 0): Promise<Raster> {
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const raster: Raster = { width, height, pixels: new Uint8Array(width * height).fill(255) };
  const operators = await page.getOperatorList();
  const stack: Matrix[] = [];
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const [cx, cy] = [width / 2, height / 2];
  const turned: Matrix = [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
  let ctm: Matrix = multiply(turned, viewport.transform as Matrix);
  const image = (id: unknown) => objectOf(page, id);
  for (let i = 0; i < operators.fnArray.length; i++) {
    const args = (operators.argsArray[i] ?? []) as unknown[];
    switch (operators.fnArray[i]) {
      case OPS.save:
        stack.push(ctm);
        break;
      case OPS.restore:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.transform:
        ctm = multiply(ctm, args as Matrix);
        break;
      case OPS.paintFormXObjectBegin:
        stack.push(ctm);
        if (Array.isArray(args[0]) && args[0].length === 6) ctm = multiply(ctm, args[0] as Matrix);
        break;
      case OPS.paintFormXObjectEnd:
        ctm = stack.pop() ?? ctm;
        break;
      case OPS.paintImageXObject:
        draw(raster, await image(args[0]), ctm, 'image');
        break;
      case OPS.paintInlineImageXObject:
        draw(raster, args[0] as DecodedImage, ctm, 'image');
        break;
      case OPS.paintImageMaskXObject: {
        const mask = args[0] as DecodedImage & { data: unknown };
        draw(raster, typeof mask.data === 'string' ? await image(mask.data) : mask, ctm, 'mask');
        break;
      }
      case OPS.paintImageXObjectRepeat: {
        // An image tiled at several places (some scanners cut a page into strips of one image).
        const [id, scaleX, scaleY, positions] = args as [string, number, number, number[]];
        const decoded = await image(id);
        for (let k = 0; k + 1 < positions.length; k += 2) {
          const at: Matrix = [scaleX, 0, 0, scaleY, positions[k] ?? 0, positions[k + 1] ?? 0];
          draw(raster, decoded, multiply(ctm, at), 'image');
        }
        break;
      }
      case OPS.paintImageMaskXObjectGroup:
        for (const mask of args[0] as (DecodedImage & { transform: Matrix })[]) {
          draw(raster, mask, multiply(ctm, mask.transform), 'mask');
        }
        break;
      default:
        break;
    }
  }
  return raster;
}

/** A decoded image of the page (large ones are shared between pages, under `g_` ids). */
function objectOf(page: PdfPage, id: unknown): Promise<DecodedImage | undefined> {
  if (typeof id !== 'string') return Promise.resolve(undefined);
  const objects = id.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) => {
    try {
      objects.get(id, (value: unknown) => resolve((value as DecodedImage | null) ?? undefined));
    } catch {
      resolve(undefined);
    }
  });
}

/** An image's grey levels and coverage (0–255, for masks and images with alpha), one byte per pixel. */
function greyOf(
  image: DecodedImage,
  as: 'image' | 'mask',
): { grey: Uint8Array; alpha?: Uint8Array } | undefined {
  const { width, height, data, kind } = image;
  if (!data || width < 1 || height < 1) return undefined;
  const count = width * height;
  if (as === 'mask' || kind === ImageKind.GRAYSCALE_1BPP) {
    // Packed bits, rows padded to bytes. An image: 0 black, 1 white; a mask paints where the bit is 0.
    const rowBytes = (width + 7) >> 3;
    const grey = new Uint8Array(count);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = ((data[y * rowBytes + (x >> 3)] ?? 255) >> (7 - (x & 7))) & 1;
        grey[y * width + x] = bit ? 255 : 0;
      }
    }
    return as === 'mask' ? { grey: new Uint8Array(count), alpha: grey.map((v) => 255 - v) } : { grey };
  }
  const channels = kind === ImageKind.RGBA_32BPP ? 4 : 3;
  if (data.length < count * channels) return undefined;
  const grey = new Uint8Array(count);
  const alpha = channels === 4 ? new Uint8Array(count) : undefined;
  for (let p = 0, s = 0; p < count; p++, s += channels) {
    grey[p] = ((data[s] ?? 0) * 77 + (data[s + 1] ?? 0) * 150 + (data[s + 2] ?? 0) * 29) >> 8;
    if (alpha) alpha[p] = data[s + 3] ?? 255;
  }
  return alpha ? { grey, alpha } : { grey };
}

/** Average `factor` × `factor` blocks: an image far denser than the page raster is reduced before sampling. */
function reduce(
  plane: Uint8Array,
  width: number,
  height: number,
  factor: number,
): { plane: Uint8Array; width: number; height: number } {
  const w = Math.max(1, Math.floor(width / factor));
  const h = Math.max(1, Math.floor(height / factor));
  const out = new Uint8Array(w * h);
  const area = factor * factor;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += plane[row + dx] ?? 255;
      }
      out[y * w + x] = Math.round(sum / area);
    }
  }
  return { plane: out, width: w, height: h };
}

/**
 * Draw an image (painted in the unit square of its transform, first row at the top) into the raster,
 * sampling it bilinearly at each covered pixel's centre.
 */
function draw(raster: Raster, image: DecodedImage | undefined, ctm: Matrix, as: 'image' | 'mask'): void {
  if (!image) return;
  const planes = greyOf(image, as);
  if (!planes) return;
  let { width, height } = image;
  let grey = planes.grey;
  let alpha = planes.alpha;
  // Image pixel (u, v) → device: the unit square flipped so that v runs down the image.
  let toDevice = multiply(ctm, [1 / width, 0, 0, -1 / height, 0, 1]);
  const density = Math.sqrt(Math.abs(toDevice[0] * toDevice[3] - toDevice[1] * toDevice[2]));
  const factor = density > 0 ? Math.floor(1 / density) : 1;
  if (factor >= 2) {
    const reduced = reduce(grey, width, height, factor);
    if (alpha) alpha = reduce(alpha, width, height, factor).plane;
    grey = reduced.plane;
    toDevice = multiply(toDevice, [width / reduced.width, 0, 0, height / reduced.height, 0, 0]);
    ({ width, height } = reduced);
  }
  const toImage = invert(toDevice);
  if (!toImage) return;
  const corners = [
    [0, 0],
    [width, 0],
    [0, height],
    [width, height],
  ].map(([u = 0, v = 0]) => [
    toDevice[0] * u + toDevice[2] * v + toDevice[4],
    toDevice[1] * u + toDevice[3] * v + toDevice[5],
  ]);
  const xs = corners.map((c) => c[0] ?? 0);
  const ys = corners.map((c) => c[1] ?? 0);
  const left = Math.max(0, Math.floor(Math.min(...xs)));
  const right = Math.min(raster.width, Math.ceil(Math.max(...xs)));
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const bottom = Math.min(raster.height, Math.ceil(Math.max(...ys)));
  const [a, b, c, d, e, f] = toImage;
  const sample = (plane: Uint8Array, u: number, v: number) => {
    const x = Math.min(Math.max(u - 0.5, 0), width - 1);
    const y = Math.min(Math.max(v - 0.5, 0), height - 1);
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const x1 = Math.min(x0 + 1, width - 1);
    const y1 = Math.min(y0 + 1, height - 1);
    const fx = x - x0;
    const fy = y - y0;
    const top = (plane[y0 * width + x0] ?? 255) * (1 - fx) + (plane[y0 * width + x1] ?? 255) * fx;
    const low = (plane[y1 * width + x0] ?? 255) * (1 - fx) + (plane[y1 * width + x1] ?? 255) * fx;
    return top * (1 - fy) + low * fy;
  };
  const pixels = raster.pixels;
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const u = a * px + c * py + e;
      const v = b * px + d * py + f;
      if (u < 0 || v < 0 || u >= width || v >= height) continue;
      const at = y * raster.width + x;
      const value = sample(grey, u, v);
      if (!alpha) {
        pixels[at] = value;
        continue;
      }
      const cover = sample(alpha, u, v) / 255;
      pixels[at] = (pixels[at] ?? 255) * (1 - cover) + value * cover;
    }
  }
}

/** Skew angles tried, in radians: up to 3 degrees either way, in tenths of a degree. */
const SKEWS = Array.from({ length: 61 }, (_, k) => ((k - 30) / 10) * (Math.PI / 180));

/**
 * How far the page's lines slope (radians, positive when they fall to the right), from a quarter-size view
 * of its dark pixels: the angle at which their rows line up best (the sum of the squared row counts is
 * largest). 0 for a level page, or one with too little text to say.
 */
function skewOf(raster: Raster): number {
  const { width, height, pixels } = raster;
  const step = 4;
  const dark = darkLevel(raster);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if ((pixels[y * width + x] ?? 255) < dark) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 200) return 0;
  const rows = Math.ceil(height / step) + Math.ceil((width / step) * Math.tan(SKEWS.at(-1) ?? 0)) * 2 + 2;
  const offset = rows / 2 - height / step / 2;
  const counts = new Int32Array(rows);
  let best = 0;
  let bestScore = -1;
  let levelScore = 0;
  for (const angle of SKEWS) {
    counts.fill(0);
    const slope = Math.tan(angle);
    for (let k = 0; k < xs.length; k++) {
      const row = Math.round((ys[k] ?? 0) - (xs[k] ?? 0) * slope + offset);
      if (row >= 0 && row < rows) counts[row] = (counts[row] ?? 0) + 1;
    }
    let score = 0;
    for (const count of counts) score += count * count;
    if (angle === 0) levelScore = score;
    if (score > bestScore) [best, bestScore] = [angle, score];
  }
  // Lines that are level within a tenth of a degree, or no clear winner over level: leave the page as it is.
  return Math.abs(best) < 0.0015 || bestScore < levelScore * 1.02 ? 0 : best;
}

/** The grey of the page's ink (its darkest half percent) and of its paper (its median pixel). */
function greyLevels(raster: Raster): { ink: number; paper: number } {
  const histogram = new Uint32Array(256);
  for (let i = 0; i < raster.pixels.length; i += 3) {
    const grey = raster.pixels[i] ?? 255;
    histogram[grey] = (histogram[grey] ?? 0) + 1;
  }
  const total = histogram.reduce((sum, n) => sum + n, 0);
  const level = (share: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v] ?? 0;
      if (seen >= total * share) return v;
    }
    return 255;
  };
  return { ink: level(0.005), paper: level(0.5) };
}

/** Below this grey a pixel is ink: halfway between the page's paper and its ink. */
function darkLevel(raster: Raster): number {
  const { ink, paper } = greyLevels(raster);
  return (ink + paper) / 2;
}

/** Whether the page holds anything to read: a blank scan is not worth a second of recognition. */
function hasInk(raster: Raster): boolean {
  let dark = 0;
  const { pixels } = raster;
  for (let i = 0; i < pixels.length; i += 7) if ((pixels[i] ?? 255) < 128) dark++;
  return dark * 7 > pixels.length * 0.0005;
}

/** The raster as a binary PGM, a format tesseract's image reader (Leptonica) takes as is. */
function pgm(raster: Raster): Buffer {
  const header = Buffer.from(`P5\n${raster.width} ${raster.height}\n255\n`, 'ascii');
  return Buffer.concat([header, raster.pixels]);
}

// -----------------------------------------------------------------------------------------------------
// Recognition.

interface OcrWord {
  text: string;
  /** Pixels of the raster. */
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  /**
   * The line's baseline at the word's left edge, and the height of its tall letters above it (x-height
   * plus ascenders, as tesseract measured the line: about the capitals' height).
   */
  baseline: number;
  capHeight: number;
  /** Index of the word's line on the page, and of the word within it. */
  line: number;
  index: number;
  /** Its letters' stroke thickness, and the height of their body, in pixels (0: too small to measure). */
  stroke: number;
  inkHeight: number;
  /** How dark its strokes' core is, as a share of the page's ink (thin strokes blur paler). */
  core: number;
  /** The usual gap between its letters in pixels (-1 for words of fewer than three). */
  letterGap: number;
}

const require = createRequire(import.meta.url);

/** A `@tesseract.js-data` package's LSTM-only ("best int") data file, the kind tesseract.js reads by default. */
function languageData(code: 'eng' | 'por'): string {
  return join(
    dirname(require.resolve(`@tesseract.js-data/${code}`)),
    '4.0.0_best_int',
    `${code}.traineddata.gz`,
  );
}

/**
 * The folder tesseract.js reads the language data from: it takes every language from one folder, and the
 * packages keep one each, so a folder in the temporary directory links both. It is named after what it
 * links, made once and kept (a thread stopped mid-parse could not remove it; a warm Lambda reuses it).
 */
async function languageFolder(): Promise<string> {
  const files = { eng: languageData('eng'), por: languageData('por') };
  const name = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);
  const folder = join(tmpdir(), `resume-ocr-${name}`);
  await mkdir(folder, { recursive: true });
  for (const [code, file] of Object.entries(files)) {
    await symlink(file, join(folder, `${code}.traineddata.gz`)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
  return folder;
}

/** One tesseract.js worker (its own thread running the wasm core) for the pages of one document. */
interface OcrReader {
  read(raster: Raster, dpi: number): Promise<OcrWord[]>;
  /** Ends the worker's thread. */
  stop(): Promise<void>;
}

async function startReader(): Promise<OcrReader> {
  const { createWorker, OEM } = (await import('tesseract.js')).default;
  const worker = await createWorker(['eng', 'por'], OEM.LSTM_ONLY, {
    langPath: await languageFolder(),
    gzip: true,
    // Read from langPath only: no cache read from or written to the working directory.
    cacheMethod: 'none',
    // A failed job rejects its promise; without a handler tesseract.js would also throw it uncaught.
    errorHandler: () => {},
  });
  return {
    read: (raster, dpi) => readWords(worker, raster, dpi),
    stop: () =>
      worker.terminate().then(
        () => undefined,
        () => undefined,
      ),
  };
}

async function readWords(worker: Tesseract.Worker, raster: Raster, dpi: number): Promise<OcrWord[]> {
  const inkGrey = greyLevels(raster).ink;
  const { data } = await worker.recognize(
    pgm(raster),
    // Automatic page segmentation: a sidebar and the main column are blocks of their own, each line with
    // its own baseline (tesseract.js's default, one block, runs lines across both columns).
    { user_defined_dpi: String(dpi), tessedit_pageseg_mode: '3' } as Partial<Tesseract.RecognizeOptions>,
    { blocks: true, text: false },
  );
  const words: OcrWord[] = [];
  let lineIndex = 0;
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const { baseline, rowAttributes } = line;
        const run = baseline.x1 - baseline.x0;
        const slope = run !== 0 ? (baseline.y1 - baseline.y0) / run : 0;
        line.words.forEach((word, index) => {
          const text = word.text.trim();
          // Specks of the scan read as a stray mark or two, with little confidence.
          if (text === '' || (word.confidence < 30 && !/[\p{L}\p{N}]{2}/u.test(text))) return;
          const box = {
            text,
            x0: word.bbox.x0,
            x1: word.bbox.x1,
            top: word.bbox.y0,
            bottom: word.bbox.y1,
            baseline: baseline.y0 + slope * (word.bbox.x0 - baseline.x0),
            capHeight: rowAttributes.rowHeight - rowAttributes.descenders,
            line: lineIndex,
            index,
          };
          const ink = inkOf(raster, box, inkGrey);
          const gaps = word.symbols
            .slice(1)
            .map((symbol, k) => symbol.bbox.x0 - (word.symbols[k]?.bbox.x1 ?? 0));
          const letterGap = word.symbols.length >= 3 ? median(gaps) : -1;
          words.push({ ...box, stroke: ink.stroke, inkHeight: ink.height, core: ink.core, letterGap });
        });
        lineIndex++;
      }
    }
  }
  return words;
}

// -----------------------------------------------------------------------------------------------------
// Words to runs, in points.

/** What tesseract reads a bullet glyph as at a line's start ("e" and "o" only when set apart like one). */
const BULLET_READINGS = /^(?:[«»•·*©®°¢¬+]{1,2}|[«»•·*©®°¢¬+]?[eo]|[-–—])$/u;
/** What it reads a separator dot between two parts of a line as ("Company · City", "a • b • c"). */
const SEPARATOR_READINGS = /^[«»•·*©®°¢¬+]$/u;
/** What it reads as a dash between words, which may be a separator dot as well. */
const DASH_READINGS = /^[-–—.]$/u;

/** An e-mail address whose @ was read as a letter or a sign ("maya.chenGexample.com"). */
const MISREAD_AT = /^([a-z0-9][a-z0-9._%+-]*[a-z0-9])[G©®&Q]([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})$/u;

function withAt(text: string): string {
  const match = MISREAD_AT.exec(text);
  return match ? `${match[1]}@${match[2]}` : text;
}

/**
 * A mark alone between words, told by its width for the text's size: a dot is a fraction of a letter wide
 * ("Austin, TX · (512)…"), a dash a good part of an em ("2019 – 2021"; a hyphen standing alone is a dash).
 */
function dotOrDash(word: OcrWord, sizePx: number): string {
  return word.x1 - word.x0 <= sizePx * 0.25 ? '·' : '–';
}

/**
 * How a font size is told from a line's letters, in ems: the height of its tall letters as tesseract
 * measures them (x-height and ascenders), and the capitals' own height.
 */
const CAP_HEIGHT = 0.78;
const CAPITALS = 0.72;
/** A word's height above the baseline over its size: with a tall letter, and of small letters only. */
const ASCENDERS = 0.75;
const X_HEIGHT = 0.53;

/** A page's words, with its number, width in points and raster pixels per point. */
interface PageWords {
  page: number;
  width: number;
  scale: number;
  words: OcrWord[];
}

/** Runs of every page, in points: one per word, sized per line, bold by the thickness of its strokes. */
function glyphsOf(pages: PageWords[]): Glyphs[][] {
  const lines = pages.flatMap(({ page, scale, words }) => {
    const byLine = new Map<number, OcrWord[]>();
    for (const word of words) byLine.set(word.line, [...(byLine.get(word.line) ?? []), word]);
    return [...byLine.values()].flatMap(segments).map((lineWords) => ({
      page,
      scale,
      words: lineWords,
      size: rawSize(lineWords, scale),
    }));
  });
  const snap = sizeClusters(lines.map((l) => ({ size: l.size, weight: chars(l.words) })));
  const usualGap = median(lines.flatMap((l) => l.words.map((w) => w.letterGap).filter((g) => g >= 0)));
  // Each word's weight for the document's usual text: its strokes' thickness for its size (bold is thick
  // for its size, not merely large) and the darkness of its strokes' core (a blurred scan keeps little of
  // the first, but thin strokes blur paler than thick ones).
  const weights = lines.map((line) =>
    line.words.map((w) => ({ stroke: w.stroke / (line.size * line.scale), core: w.core })),
  );
  const usual = (measure: 'stroke' | 'core') =>
    weightedMedian(
      lines
        .flatMap((line, k) =>
          line.words.map((w, j) => ({ value: weights[k]?.[j]?.[measure] ?? 0, weight: letters(w.text) })),
        )
        .filter((sample) => sample.value > 0 && sample.weight >= 2),
    );
  const typical = { stroke: usual('stroke'), core: usual('core') };
  return pages.map(({ page }) =>
    lines.flatMap((line, k) => {
      if (line.page !== page) return [];
      const size = snap(line.size);
      const bold = boldCells(line.words, weights[k] ?? [], typical, size * line.scale);
      const sizePx = size * line.scale;
      const glyphs = line.words.map((word, j): Glyphs => {
        const next = line.words[j + 1];
        const setApart = next !== undefined && next.x0 - word.x1 > sizePx * 0.5;
        const between = j > 0 && next !== undefined;
        const text =
          j === 0 && setApart && BULLET_READINGS.test(word.text)
            ? '•'
            : between && SEPARATOR_READINGS.test(word.text)
              ? '·'
              : between && DASH_READINGS.test(word.text)
                ? dotOrDash(word, sizePx)
                : withAt(word.text);
        // Letter-spaced words ("R E S U M O") stand further apart too: layout.ts takes the extra off the gaps.
        const extra = word.letterGap - usualGap;
        const tracking = word.letterGap >= 0 && extra > sizePx * 0.12 ? extra / line.scale : 0;
        return {
          text,
          page,
          x: word.x0 / line.scale,
          y: word.baseline / line.scale,
          width: Math.max(1, word.x1 - word.x0) / line.scale,
          size,
          fontName: 'OCR',
          bold: /\p{L}/u.test(text) && (bold[j] ?? false),
          ...(tracking > 0 ? { tracking } : {}),
        };
      });
      return runsOf(glyphs);
    }),
  );
}

/**
 * Words set one after the other in one style become one run, as a PDF draws a phrase: a strip of the page
 * between two words (a word gap that happens to line up down the page) is then no column gutter. A bullet,
 * a letter-spaced word and a word far from the last (a date pushed right) start runs of their own.
 */
function runsOf(words: Glyphs[]): Glyphs[] {
  const runs: Glyphs[] = [];
  for (const word of words) {
    const run = runs.at(-1);
    const joins =
      run !== undefined &&
      run.text !== '•' &&
      run.bold === word.bold &&
      !run.tracking &&
      !word.tracking &&
      word.x - (run.x + run.width) <= word.size * 0.6;
    if (run && joins) {
      run.text = `${run.text} ${word.text}`;
      run.width = word.x + word.width - run.x;
      run.y = Math.max(run.y, word.y);
    } else runs.push({ ...word });
  }
  return runs;
}

const chars = (words: OcrWord[]) => words.reduce((sum, w) => sum + w.text.length, 0);
const letters = (text: string) => text.replace(/[^\p{L}]/gu, '').length;

/**
 * A line of tesseract's cut where its words stand far apart for their height: a name set large and the
 * contact details small beside it can come as one line, and each part has its own size.
 */
function segments(words: OcrWord[]): OcrWord[][] {
  const parts: OcrWord[][] = [];
  for (const word of words) {
    const part = parts.at(-1);
    const last = part?.at(-1);
    // Heights of words with letters: a dash or a dot is no measure of the text around it.
    const height = Math.max(
      ...[last, word]
        .filter((w) => w && letters(w.text) > 0)
        .map((w) => (w as OcrWord).bottom - (w as OcrWord).top),
      0,
    );
    if (part && last && (height === 0 || word.x0 - last.x1 <= height * 3)) part.push(word);
    else parts.push([word]);
  }
  return parts;
}

/** Letters that reach the capitals' height or above, and those that stay within the x-height. */
const TALL = /[\p{Lu}\p{N}bdfhklt]/u;
const SHORT_ONLY = /^[acemnorsuvwxz.,;:'"’–-]+$/u;

/**
 * A line's font size in points, from its words' letters: capitals only by the height of their dense band
 * of rows (no accent), words with a tall letter by their height above the baseline, words of small letters
 * only by that height as the x-height. Tesseract's own row measure where no word says.
 */
function rawSize(words: OcrWord[], scale: number): number {
  const estimates = words.flatMap((word) => {
    const above = word.baseline - word.top;
    const weight = Math.max(1, letters(word.text));
    if (/^[\p{Lu}\p{N}]{2,}$/u.test(word.text) && word.inkHeight > 0) {
      return [{ value: word.inkHeight / scale / CAPITALS, weight }];
    }
    if (above <= 0) return [];
    if (TALL.test(word.text)) return [{ value: above / scale / ASCENDERS, weight }];
    if (SHORT_ONLY.test(word.text)) return [{ value: above / scale / X_HEIGHT, weight }];
    return [];
  });
  if (estimates.length > 0) return weightedMedian(estimates);
  const first = words[0];
  return first && first.capHeight > 0 ? first.capHeight / scale / CAP_HEIGHT : 0;
}

/**
 * One size for lines set in one size: raw estimates within a few percent of each other (a line without
 * descenders measures a little smaller) are one cluster, given its weighted mean to the half point.
 */
function sizeClusters(samples: { size: number; weight: number }[]): (size: number) => number {
  const sorted = samples.filter((s) => s.size > 0).sort((a, b) => a.size - b.size);
  const clusters: { low: number; high: number; sum: number; weight: number }[] = [];
  for (const { size, weight } of sorted) {
    const last = clusters.at(-1);
    const mean = last ? last.sum / last.weight : 0;
    if (last && size <= mean * 1.06) {
      last.high = size;
      last.sum += size * weight;
      last.weight += weight;
    } else clusters.push({ low: size, high: size, sum: size * weight, weight });
  }
  return (size) => {
    const cluster = clusters.find((c) => size >= c.low && size <= c.high);
    const value = cluster ? cluster.sum / cluster.weight : size;
    return Math.max(4, Math.round(value * 2) / 2);
  };
}

/**
 * A word set in bold has strokes this much thicker for its size than the document's usual text, or their
 * core this much darker (measured on our own scans: sharp ones 1.35–1.8 and blurred ones 1.05–1.1 for bold,
 * against at most 1.1 and 1.02 for regular and italic text).
 */
const BOLD_STROKE = 1.3;
const BOLD_CORE = 1.04;

interface InkWeight {
  stroke: number;
  core: number;
}

/**
 * Which words are bold: decided per cell (the words between far gaps, like a title apart from its date),
 * from their letters' mean weight, so one word's noise does not make it bold alone.
 */
function boldCells(words: OcrWord[], weights: InkWeight[], typical: InkWeight, sizePx: number): boolean[] {
  const bold: boolean[] = [];
  let start = 0;
  const close = (end: number) => {
    let stroke = 0;
    let core = 0;
    let weight = 0;
    for (let j = start; j < end; j++) {
      const n = letters(words[j]?.text ?? '');
      const measured = weights[j];
      if (n < 2 || !measured?.stroke) continue;
      stroke += measured.stroke * n;
      core += measured.core * n;
      weight += n;
    }
    const isBold =
      weight > 0 &&
      ((typical.stroke > 0 && stroke / weight > typical.stroke * BOLD_STROKE) ||
        (typical.core > 0 && core / weight > typical.core * BOLD_CORE));
    for (let j = start; j < end; j++) bold[j] = isBold;
    start = end;
  };
  for (let j = 1; j < words.length; j++) {
    const gap = (words[j]?.x0 ?? 0) - (words[j - 1]?.x1 ?? 0);
    if (gap > sizePx * 0.8) close(j);
  }
  close(words.length);
  return bold;
}

/**
 * What the word's ink says of it: its strokes' thickness and the height of its dense band of rows (the
 * capitals' or small letters' body, without a thin accent or cedilla above or below). A stroke is counted
 * where a row crosses from paper to ink (below the middle of the word's own lightest and darkest grey, so
 * coloured text counts too); its thickness is the ink the row holds, each pixel by how dark it is between
 * the word's paper and the page's ink, so a blurred scan's soft edges count for what they hold. Zero when
 * the word is too small to say.
 */
function inkOf(
  raster: Raster,
  word: Omit<OcrWord, 'stroke' | 'inkHeight' | 'core' | 'letterGap'>,
  inkGrey: number,
): { stroke: number; height: number; core: number } {
  const { width, pixels } = raster;
  const none = { stroke: 0, height: 0, core: 0 };
  if (word.bottom - word.top < 4 || word.x1 - word.x0 < 4) return none;
  let lightest = 0;
  let darkest = 255;
  for (let y = word.top; y < word.bottom; y++) {
    for (let x = word.x0; x < word.x1; x++) {
      const v = pixels[y * width + x] ?? 255;
      if (v > lightest) lightest = v;
      if (v < darkest) darkest = v;
    }
  }
  if (lightest - darkest < 48) return none;
  const threshold = (lightest + darkest) / 2;
  // The paper is what most of the box is (letters cover a fraction of it); its grain is no ink.
  const paper = medianGrey(raster, word);
  // Thickness counts ink as a share of the word's own darkest (coloured text is as thick as black); the
  // core's darkness, as a share of the page's ink.
  const own = Math.max(1, paper - darkest);
  const full = Math.max(1, paper - Math.min(inkGrey, darkest));
  const grain = paper - own * 0.15;
  let ink = 0;
  let runs = 0;
  const rows: number[] = [];
  const darkGreys: number[] = [];
  for (let y = word.top; y < word.bottom; y++) {
    let inRun = false;
    let row = 0;
    let rowInk = 0;
    for (let x = word.x0; x < word.x1; x++) {
      const v = pixels[y * width + x] ?? 255;
      const isDark = v < threshold;
      if (isDark) {
        row++;
        if (!inRun) runs++;
        darkGreys.push(v);
      }
      inRun = isDark;
      if (v < grain) rowInk += Math.min(1, (paper - v) / own);
    }
    ink += row > 0 ? rowInk : 0;
    rows.push(row);
  }
  // Accents and cedillas are rows of little ink next to the letters' body: a third of the usual row's.
  const usual = median(rows.filter((row) => row > 0));
  const height = rows.filter((row) => row >= usual * 0.35).length;
  // The core: the darkest third of the ink, as a share of the page's full ink.
  darkGreys.sort((a, b) => a - b);
  const darkest3 = darkGreys.slice(0, Math.max(1, Math.floor(darkGreys.length / 3)));
  const core = (paper - darkest3.reduce((sum, v) => sum + v, 0) / darkest3.length) / full;
  return { stroke: runs > 0 ? ink / runs : 0, height, core };
}

/** The median grey of a word's box. */
function medianGrey(raster: Raster, box: { x0: number; x1: number; top: number; bottom: number }): number {
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const grey = raster.pixels[y * raster.width + x] ?? 255;
      histogram[grey] = (histogram[grey] ?? 0) + 1;
      count++;
    }
  }
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v] ?? 0;
    if (seen >= count / 2) return v;
  }
  return 255;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function weightedMedian(samples: { value: number; weight: number }[]): number {
  const sorted = [...samples].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, s) => sum + s.weight, 0);
  let seen = 0;
  for (const sample of sorted) {
    seen += sample.weight;
    if (seen >= total / 2) return sample.value;
  }
  return 0;
}
