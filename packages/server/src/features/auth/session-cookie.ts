import type { FastifyReply } from 'fastify';
import type { Config } from '../../config.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from './sessions.ts';

function cookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    // Secure would make the cookie vanish on plain-http localhost, so only behind https.
    secure: config.publicUrl.startsWith('https'),
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(config),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
}
