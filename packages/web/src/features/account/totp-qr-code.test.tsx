import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { TOTP_QR_NAME, TotpQrCode } from './totp-qr-code.tsx';

describe('two-factor QR code', () => {
  it('draws the otpauth address as an SVG image named for what it is', async () => {
    const url =
      'otpauth://totp/PaperTrade:ann%40example.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=PaperTrade';
    renderPage(<TotpQrCode otpauthUrl={url} />);
    const image = await screen.findByRole('img', { name: TOTP_QR_NAME });
    const src = image.getAttribute('src') ?? '';
    expect(src).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<path');
  });
});
