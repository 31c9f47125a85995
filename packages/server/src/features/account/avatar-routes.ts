import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { UploadAnswer } from '@papertrade/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError, badRequest, notFound } from '../../http/app-error.ts';
import { requireUser, sessionUser } from '../auth/guard.ts';
import { CONTENT_TYPES, detectImageType } from './image-type.ts';
import {
  ownedBy,
  removeUpload,
  UPLOAD_FILE,
  UPLOADS_URL_PREFIX,
  uploadFileOf,
  uploadsDir,
} from './upload-files.ts';
import { inUserTransaction } from '../../db/transaction.ts';

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

const unsupportedImage = () =>
  badRequest('UNSUPPORTED_IMAGE', 'Upload a PNG, JPEG or WebP image', 'file');
const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'Images can be at most 2 MB');
const noSuchFile = () => notFound('NOT_FOUND', 'No such file');

/** The one uploaded file's bytes, with multipart's own failures turned into the contract's errors. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedImage();
  try {
    const file = await request.file();
    if (!file) throw unsupportedImage();
    return await file.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_PARTS_LIMIT'
    )
      throw tooLarge();
    if (error instanceof AppError) throw error;
    // Anything else went wrong while parsing the sender's multipart body (no boundary, cut off).
    throw unsupportedImage();
  }
}

export async function avatarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Registered in this feature's scope only: no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dir = uploadsDir(ctx.config.dataDir);

  r.post(
    '/uploads/avatar',
    {
      schema: {
        tags: ['account'],
        consumes: ['multipart/form-data'],
        response: { 200: UploadAnswer },
      },
      preHandler: requireUser,
    },
    async (request) => {
      const me = sessionUser(request);
      const data = await readImage(request);
      const type = detectImageType(data);
      if (!type) throw unsupportedImage();
      const file = `${me.id}-${randomBytes(8).toString('hex')}.${type.ext}`;
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, file), data);
      const url = `${UPLOADS_URL_PREFIX}${file}`;
      let before: { avatar: string | null } | undefined;
      try {
        before = await inUserTransaction(ctx.db, me.id, async (trx) => {
          const row = await trx
            .selectFrom('users')
            .select('avatar')
            .where('id', '=', me.id)
            .executeTakeFirst();
          await trx.updateTable('users').set({ avatar: url }).where('id', '=', me.id).execute();
          return row;
        });
      } catch (error) {
        await unlink(path.join(dir, file)).catch(() => {});
        throw error;
      }
      const oldFile = uploadFileOf(before?.avatar);
      if (oldFile && ownedBy(oldFile, me.id)) await removeUpload(ctx.config.dataDir, oldFile);
      ctx.bus.publish({ type: 'user-changed', userId: me.id });
      return { url };
    },
  );

  r.get(
    '/uploads/:file',
    { schema: { tags: ['account'], params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const { file } = request.params;
      const match = UPLOAD_FILE.exec(file);
      if (!match) throw noSuchFile();
      const full = path.join(dir, file);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) throw noSuchFile();
      return (
        reply
          .type(CONTENT_TYPES[match[2] as keyof typeof CONTENT_TYPES])
          .header('content-length', info.size)
          // Every upload gets a new random name, so a URL's content never changes.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(createReadStream(full))
      );
    },
  );
}
