/** The longest side of an uploaded photo: a resume prints it at about 3 cm, so 800 px is plenty. */
export const PHOTO_MAX_SIDE = 800;
const JPEG_QUALITY = 0.86;

/** The size a photo is drawn at: the long side at most `max`, proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}

/**
 * Redraw a photo as a JPEG of at most PHOTO_MAX_SIDE px. Always redrawn, even when already small: the
 * new file carries no EXIF data, so a phone photo's GPS position never reaches the server.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    // Browsers apply the EXIF orientation by default, so portrait phone photos stay upright.
    bitmap = await createImageBitmap(file);
  } catch (cause) {
    throw new UnreadableImageError('The image could not be decoded', { cause });
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new UnreadableImageError('No 2D canvas');
    // JPEG has no transparency: transparent PNG pixels would turn black without a white ground.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob) throw new UnreadableImageError('The image could not be encoded');
    return blob;
  } finally {
    bitmap.close();
  }
}
