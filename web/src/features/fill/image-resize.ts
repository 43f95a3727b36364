/**
 * Spec 000 section 5: images (png, jpeg, gif, bmp) are resized before upload to at most
 * 2000x2000 px (4000x4000 for hdImages) and stored as JPEG with quality 0.7. Saves the upload
 * time of full-size phone photos on a field connection.
 */
const RESIZABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp']);
const JPEG_QUALITY = 0.7;

export function maxImageSide(hd: boolean): number {
  return hd ? 4000 : 2000;
}

/** The size that fits within max x max, keeping the aspect ratio; never enlarged. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The file to upload: other types as they are, images re-encoded as '<name>.jpg'. */
export async function prepareUpload(file: File, hd: boolean): Promise<{ blob: Blob; filename: string }> {
  if (!RESIZABLE.has(file.type)) return { blob: file, filename: file.name };
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, maxImageSide(hd));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return { blob: file, filename: file.name };
    // JPEG has no transparency: transparent parts of a PNG become white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!blob) return { blob: file, filename: file.name };
    return { blob, filename: `${file.name.replace(/\.[^.]*$/, '') || 'afbeelding'}.jpg` };
  } finally {
    bitmap.close();
  }
}
