import type { App } from '../src/app.ts';
import type { TestUser } from './test-app.ts';

/** The account tests' uploads: multipart bodies and images made up byte by byte (currentUser and updateUser: test/calls.ts). */

/** A multipart/form-data body with one file part, built by hand so tests control every byte. */
export function multipartBody(data: Buffer, filename: string, contentType: string) {
  const boundary = `----papertrade${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function uploadAvatar(
  app: App,
  user: TestUser | null,
  data: Buffer,
  filename = 'me.png',
  contentType = 'image/png',
) {
  const body = multipartBody(data, filename, contentType);
  return app.inject({
    method: 'POST',
    url: '/uploads/avatar',
    headers: { ...(user?.headers ?? {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes that start like the format (all the upload checks) padded to `size`. */
export function fakeImage(kind: 'png' | 'jpg' | 'webp', size = 1024): Buffer {
  const head =
    kind === 'png'
      ? PNG_SIGNATURE
      : kind === 'jpg'
        ? Buffer.from([0xff, 0xd8, 0xff, 0xe0])
        : Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
  const body = Buffer.alloc(Math.max(0, size - head.length));
  for (let i = 0; i < body.length; i += 1) body[i] = (i * 31) % 256;
  return Buffer.concat([head, body]);
}
