import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotpStep, totpCode } from './totp.ts';

// RFC 6238 appendix B (SHA-1 key "12345678901234567890"), 8 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totp', () => {
  it.each(VECTORS)('RFC 6238 vector at %i s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(code);
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code.slice(2));
  });

  it('RFC 4226 HOTP vectors', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('base32 round-trips', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(RFC_SECRET).toString('ascii')).toBe('12345678901234567890');
  });

  it('accepts the step before and after, not two away', () => {
    const t = 1_700_000_000_000;
    const step = Math.floor(t / 30_000);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, t), t)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, t - 30_000), t)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, t + 30_000), t)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, t - 60_000), t)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, 'abcdef', t)).toBeNull();
  });
});
