import { shortWalletAddress } from '@papertrade/domain';
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Older browsers and insecure origins have no async clipboard.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copy failed');
}

/** docs/product.md, Names and addresses: the shortened wallet address with a 'Copy' button that turns into 'Copied!'. */
export function WalletAddressLabel({ address }: { address: string }) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await copyText(address);
      setFailed(false);
      setCopied(true);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Typography component="span" sx={{ fontFamily: 'monospace' }} title={address}>
        {shortWalletAddress(address)}
      </Typography>
      <Button size="small" variant="outlined" onClick={() => void copy()} aria-live="polite">
        {copied ? 'Copied!' : 'Copy'}
      </Button>
      {failed && (
        <Typography component="span" variant="body2" color="error">
          Could not copy; select the address instead.
        </Typography>
      )}
    </Box>
  );
}
