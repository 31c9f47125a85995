import { readdirSync } from 'node:fs';
import type { User } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import type { BusEvent } from '../../realtime/event-bus.ts';
import { currentUser, updateUser } from '../../../test/calls.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { fakeImage, uploadAvatar } from '../../../test/account-test-helpers.ts';
import { uploadsDir } from './upload-files.ts';

const {
  t,
  users: [me],
} = useTestApp({ users: 1 });

const storedFiles = () => {
  try {
    return readdirSync(uploadsDir(t.dataDir));
  } catch {
    return [];
  }
};

describe('POST /uploads/avatar', () => {
  it('stores a PNG, sets it as the avatar and serves it back with caching headers', async () => {
    const events: BusEvent[] = [];
    t.ctx.bus.subscribe((e) => events.push(e));
    const image = fakeImage('png', 5000);
    const res = await uploadAvatar(t.app, me, image, 'holiday photo.PNG');
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/uploads/${me.id}-[0-9a-f]{16}\\.png$`));
    expect((await currentUser(t.app, me)).avatar).toBe(url);
    expect(events).toContainEqual({ type: 'user-changed', userId: me.id });

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  it.each([
    ['jpg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('accepts a %s image', async (kind, contentType) => {
    const res = await uploadAvatar(
      t.app,
      me,
      fakeImage(kind),
      `me.${kind}`,
      'application/octet-stream',
    );
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json<{ url: string }>().url });
    expect(served.headers['content-type']).toBe(contentType);
  });

  it('a new avatar replaces the old file', async () => {
    const first = (await uploadAvatar(t.app, me, fakeImage('png'))).json<{ url: string }>().url;
    const second = (await uploadAvatar(t.app, me, fakeImage('jpg'), 'me.jpg', 'image/jpeg')).json<{
      url: string;
    }>().url;
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(1);
  });

  it('an image larger than the JSON body limit but under 2 MB is accepted', async () => {
    expect((await uploadAvatar(t.app, me, fakeImage('png', 1_900_000))).statusCode).toBe(200);
  });

  it('a text file named .png answers 400 UNSUPPORTED_IMAGE and stores nothing', async () => {
    const res = await uploadAvatar(
      t.app,
      me,
      Buffer.from('<svg onload="alert(1)"></svg> not an image'),
      'me.png',
      'image/png',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Upload a PNG, JPEG or WebP image',
      code: 'UNSUPPORTED_IMAGE',
    });
    expect(storedFiles()).toEqual([]);
    expect((await currentUser(t.app, me)).avatar).toBeNull();
  });

  it('a 3 MB image answers 413 and stores nothing', async () => {
    const res = await uploadAvatar(t.app, me, fakeImage('png', 3 * 1024 * 1024));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Images can be at most 2 MB', code: 'PAYLOAD_TOO_LARGE' });
    expect(storedFiles()).toEqual([]);
    expect((await currentUser(t.app, me)).avatar).toBeNull();
  });

  it('a JSON body instead of a file answers 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/uploads/avatar',
      headers: me.headers,
      payload: { url: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE' });
  });

  it.each([
    ['without a boundary', 'multipart/form-data', Buffer.from('garbage')],
    [
      'cut off mid-file',
      'multipart/form-data; boundary=XyZ',
      Buffer.from(
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      ),
    ],
    [
      'with only a text field',
      'multipart/form-data; boundary=XyZ',
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--XyZ--\r\n'),
    ],
  ])('a multipart body %s answers 400', async (_name, contentType, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/uploads/avatar',
      headers: { ...me.headers, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE' });
    expect(storedFiles()).toEqual([]);
  });

  it('without a session answers 401 and stores nothing', async () => {
    expect((await uploadAvatar(t.app, null, fakeImage('png'))).statusCode).toBe(401);
    expect(storedFiles()).toEqual([]);
  });
});

describe('GET /uploads/:file', () => {
  it.each([
    'nothing-here.png',
    '..%2F..%2Fapp.db',
    '%2e%2e%2fapp.db',
    'abc-0123456789abcdef.svg',
    'abc-0123456789abcdef.png',
  ])('%s answers a JSON 404', async (file) => {
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${file}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('PUT /update-user avatar', () => {
  it("the user's own uploaded URL is accepted, another user's is not", async () => {
    const other = await createTestUser(t.ctx);
    const mine = (await uploadAvatar(t.app, me, fakeImage('png'))).json<{ url: string }>().url;
    const theirs = (await uploadAvatar(t.app, other, fakeImage('png'))).json<{ url: string }>().url;
    expect((await updateUser(t.app, me, 'avatar', mine)).json<User>().avatar).toBe(mine);
    const res = await updateUser(t.app, me, 'avatar', theirs);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_AVATAR', field: 'updates' });
  });

  it('clearing the avatar deletes its file', async () => {
    const mine = (await uploadAvatar(t.app, me, fakeImage('png'))).json<{ url: string }>().url;
    expect((await updateUser(t.app, me, 'avatar', null)).json<User>().avatar).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: mine })).statusCode).toBe(404);
  });
});
