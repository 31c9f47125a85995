import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app.ts';

// A stand-in build, so `/` and `/home` answer the web app's HTML as they do in production.
const webDist = mkdtempSync(path.join(tmpdir(), 'papertrade-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<html><head><script type="module" src="/a.js"></script></head></html>',
);

function directives(csp: string | undefined): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values.join(' ')]),
  );
}

describe('security headers (http PUBLIC_URL)', () => {
  const {
    t,
    users: [ann],
  } = useTestApp({ users: 1, webDist, publicUrl: 'http://localhost:3000' });

  it('sends a strict CSP, DENY, Referrer-Policy and nosniff on pages, API answers and errors, no HSTS', async () => {
    const answers = [
      await t.app.inject({ url: '/', headers: { accept: 'text/html' } }),
      await t.app.inject({ url: '/home', headers: { accept: 'text/html' } }),
      await t.app.inject({ url: '/transactions', headers: ann.headers }),
      await t.app.inject({ url: '/all-assets' }),
      await t.app.inject({ url: '/no-such-api' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 404]);
    expect(answers[0]?.headers['content-type']).toContain('text/html');
    for (const answer of answers) {
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(csp.get('img-src')).toBe("'self' data: blob:");
      expect(csp.get('connect-src')).toBe("'self'");
      expect(csp.get('font-src')).toBe("'self'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.get('form-action')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('gives /docs (Swagger UI) its own policy, still unframeable and without inline scripts', async () => {
    for (const url of ['/docs', '/docs/', '/docs/static/swagger-initializer.js']) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode).toBe(200);
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('img-src')).toBe("'self' data:");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('security headers (https PUBLIC_URL)', () => {
  const { t } = useTestApp({ webDist, publicUrl: 'https://papertrade.example' });

  it('adds HSTS and upgrade-insecure-requests', async () => {
    const answer = await t.app.inject({ url: '/home', headers: { accept: 'text/html' } });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(
      directives(answer.headers['content-security-policy'] as string).has(
        'upgrade-insecure-requests',
      ),
    ).toBe(true);
  });
});
