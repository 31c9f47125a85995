import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * A browser that has signed in to an account before carries a signed device cookie for it
 * (OWASP's "device cookies"): `<userId>.<deviceId>.<hmac>`. Its logins to that account are
 * throttled by their own per-device counter instead of the account's and the IP's, so failures
 * from elsewhere cannot lock the owner out. It grants nothing by itself: the password is
 * still checked.
 */
export const DEVICE_COOKIE = 'device';
/** Browsers cap cookie lifetimes at 400 days. */
const DEVICE_TTL_S = 400 * 24 * 60 * 60;

export interface Device {
  userId: string;
  deviceId: string;
}

function mac(key: Buffer, userId: string, deviceId: string): string {
  return createHmac('sha256', key).update(`device:${userId}.${deviceId}`).digest('base64url');
}

export function signDevice(
  key: Buffer,
  userId: string,
  deviceId = randomBytes(16).toString('base64url'),
): string {
  return `${userId}.${deviceId}.${mac(key, userId, deviceId)}`;
}

/** The device of a genuine cookie, or null for a missing, forged or malformed one. */
export function readDevice(key: Buffer, value: string | undefined): Device | null {
  const [userId, deviceId, given, extra] = (value ?? '').split('.');
  if (!userId || !deviceId || !given || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, userId, deviceId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual)
    ? { userId, deviceId }
    : null;
}

export function deviceFromRequest(request: FastifyRequest, key: Buffer): Device | null {
  return readDevice(key, request.cookies[DEVICE_COOKIE]);
}

/** Kept across logout on purpose: it remembers the browser, not a session. */
export function setDeviceCookie(reply: FastifyReply, config: Config, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    // Only the auth routes read it.
    path: '/auth',
    secure: config.publicUrl.startsWith('https'),
    maxAge: DEVICE_TTL_S,
  });
}
