import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';

/** `<userId>-<16 hex>.<ext>`: the only names ever written, so anything else is refused unread. */
export const UPLOAD_FILE = /^([0-9a-z]{1,64})-[0-9a-f]{16}\.(png|jpg|webp)$/;
export const UPLOADS_URL_PREFIX = '/uploads/';

export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** The file name behind an avatar URL of ours, or null for anything else. */
export function uploadFileOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_URL_PREFIX)) return null;
  const file = url.slice(UPLOADS_URL_PREFIX.length);
  return UPLOAD_FILE.test(file) ? file : null;
}

export function ownedBy(file: string, userId: string): boolean {
  return UPLOAD_FILE.exec(file)?.[1] === userId;
}

export async function removeUpload(dataDir: string, file: string): Promise<void> {
  try {
    await unlink(path.join(uploadsDir(dataDir), file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Every file a user uploaded, for account deletion. */
export async function removeUserUploads(dataDir: string, userId: string): Promise<void> {
  let files: string[];
  try {
    files = await readdir(uploadsDir(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await Promise.all(files.filter((f) => ownedBy(f, userId)).map((f) => removeUpload(dataDir, f)));
}
