import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Mail } from './mailer.ts';
import { parseEml, type ParsedMail } from './parse-eml.ts';

/** A mail as read back from the outbox folder; `file` is its name there. */
export interface OutboxMail extends ParsedMail {
  file: string;
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

function fileSafe(text: string, max: number): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9@._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max);
}

/**
 * Writes one raw message as `<timestamp>-<to>-<slug>.eml`. The timestamp leads so that file
 * names sort in sending order; a clash within the same millisecond gets a counter instead of
 * overwriting the earlier mail.
 */
export async function writeOutboxMail(
  dataDir: string,
  mail: Mail,
  raw: Buffer,
  now = Date.now(),
): Promise<string> {
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true });
  const base = `${String(now).padStart(13, '0')}-${fileSafe(mail.to, 80)}-${fileSafe(mail.subject, 40)}`;
  for (let attempt = 0; ; attempt += 1) {
    const file = `${base}${attempt ? `-${attempt}` : ''}.eml`;
    try {
      await writeFile(path.join(dir, file), raw, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
    }
  }
}

/**
 * Every mail in `<dataDir>/outbox/`, oldest first, parsed into {to, subject, text, link, file}.
 * For tests (server and browser) that follow verification and reset links.
 */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir(dataDir))).filter((f) => f.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(
    files.map(async (file) => ({
      ...parseEml(await readFile(path.join(outboxDir(dataDir), file), 'utf8')),
      file,
    })),
  );
}

/**
 * The newest outbox mail that matches, waiting up to `timeoutMs` for it: some mails (password
 * reset) are sent after the answer so that the answer's timing reveals nothing.
 */
export async function waitForMail(
  dataDir: string,
  match: (mail: OutboxMail) => boolean,
  timeoutMs = 5000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dataDir)).filter(match).at(-1);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No matching mail in ${outboxDir(dataDir)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
