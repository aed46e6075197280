import { createCanvas, type ImageData, loadImage } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Pixels of a preview page and of a PDF page, side by side: PDF pages rasterised by pdf.js onto
 * @napi-rs/canvas (pdf.js's own canvas in Node), screenshots decoded with the same library, and a
 * pixel-by-pixel comparison with an image of where the two differ.
 */

/** CSS pixels per PDF point: a PDF page rasterised at this scale has the preview's size (816 px for Letter). */
export const CSS_PX_PER_PT = 96 / 72;

/** Every page of a PDF as RGBA pixels at `scale` (pdf.js paints a white background first). */
export async function rasterisePdf(bytes: Uint8Array, scale = CSS_PX_PER_PT): Promise<ImageData[]> {
  const task = getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 });
  const pdf = await task.promise;
  try {
    const images: ImageData[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
      // pdf.js types its parameters with the DOM's canvas; @napi-rs/canvas is the one it uses in Node.
      await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
      images.push(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height));
      page.cleanup();
    }
    return images;
  } finally {
    await task.destroy();
  }
}

/** A PNG (a Playwright screenshot) as RGBA pixels. */
export async function decodePng(png: Uint8Array): Promise<ImageData> {
  const image = await loadImage(Buffer.from(png));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, image.width, image.height);
}

/** RGBA pixels as a PNG file's bytes. */
export function encodePng(image: ImageData): Buffer {
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').putImageData(image, 0, 0);
  return canvas.toBuffer('image/png');
}

export interface PixelDiff {
  width: number;
  height: number;
  /** Share (0..1) of pixels where some colour channel differs by more than the threshold. */
  differing: number;
  /** Mean absolute difference over every pixel's red, green and blue (0..255). */
  meanAbsDiff: number;
  /** The smallest box holding every differing pixel, in pixels of the page; null when none differ. */
  box: { left: number; top: number; right: number; bottom: number } | null;
}

/**
 * Compare two images of the same size. Returns the numbers and a diff image: the first image faded, with
 * pixels over the threshold in red and smaller differences (anti-aliasing) in light orange.
 */
export function compareImages(
  a: ImageData,
  b: ImageData,
  threshold = 48,
): { diff: PixelDiff; image: ImageData } {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`Sizes differ: ${a.width}x${a.height} and ${b.width}x${b.height}`);
  }
  const { width, height } = a;
  const out = new Uint8ClampedArray(width * height * 4);
  let differing = 0;
  let sum = 0;
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  const pa = a.data;
  const pb = b.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const dr = Math.abs((pa[i] ?? 0) - (pb[i] ?? 0));
      const dg = Math.abs((pa[i + 1] ?? 0) - (pb[i + 1] ?? 0));
      const db = Math.abs((pa[i + 2] ?? 0) - (pb[i + 2] ?? 0));
      sum += dr + dg + db;
      const worst = Math.max(dr, dg, db);
      if (worst > threshold) {
        differing += 1;
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        out.set([220, 0, 0, 255], i);
      } else if (worst > 8) {
        out.set([255, 190, 120, 255], i);
      } else {
        const grey = ((pa[i] ?? 0) * 0.3 + (pa[i + 1] ?? 0) * 0.59 + (pa[i + 2] ?? 0) * 0.11) | 0;
        const faded = 255 - ((255 - grey) >> 2);
        out.set([faded, faded, faded, 255], i);
      }
    }
  }
  const pixels = width * height;
  const image = createCanvas(width, height).getContext('2d').createImageData(width, height);
  image.data.set(out);
  return {
    diff: {
      width,
      height,
      differing: differing / pixels,
      meanAbsDiff: sum / (pixels * 3),
      box: right < 0 ? null : { left, top, right, bottom },
    },
    image,
  };
}

/** The image moved down by `dy` pixels, white above: a stand-in for a line laid out lower. */
export function shiftDown(image: ImageData, dy: number): ImageData {
  const moved = createCanvas(image.width, image.height)
    .getContext('2d')
    .createImageData(image.width, image.height);
  moved.data.fill(255);
  const row = image.width * 4;
  moved.data.set(image.data.subarray(0, row * (image.height - dy)), row * dy);
  return moved;
}
