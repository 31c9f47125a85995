import { Box } from '@mui/material';
import { useEffect, useState } from 'react';

export const TOTP_QR_NAME = 'QR code to scan with your authenticator app';

/**
 * The otpauth:// address as a QR code, drawn here in the browser by the `qrcode` package (the
 * secret never leaves the page for an image service). An SVG image: sharp at any zoom, and its
 * `alt` names it. Dark on white in either theme, with the quiet zone scanners need.
 */
export function TotpQrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let current = true;
    // Loaded only when a set-up starts: the account page's first load does not carry the encoder.
    import('qrcode')
      .then(({ toString }) =>
        toString(otpauthUrl, {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 4,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then((svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      // An address too long to draw leaves the key and the link, which work without it.
      .catch(() => setSrc(undefined));
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={TOTP_QR_NAME}
      width={200}
      height={200}
      sx={{ display: 'block', bgcolor: '#ffffff', borderRadius: 1 }}
    />
  );
}
