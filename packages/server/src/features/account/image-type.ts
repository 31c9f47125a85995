export type ImageType = { ext: 'png' | 'jpg' | 'webp'; contentType: string };

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (data: Uint8Array, bytes: number[], at = 0) =>
  bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/**
 * The image type by its first bytes. File names and declared content types are the sender's
 * word; the bytes are what a browser will actually decode.
 */
export function detectImageType(data: Uint8Array): ImageType | null {
  if (startsWith(data, PNG)) return { ext: 'png', contentType: 'image/png' };
  if (startsWith(data, JPEG)) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8))
    return { ext: 'webp', contentType: 'image/webp' };
  return null;
}

export const CONTENT_TYPES: Record<ImageType['ext'], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};
