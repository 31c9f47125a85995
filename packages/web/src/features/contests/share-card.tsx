import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';

/** The join link for a code, on this site's origin. */
export function joinLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/join/${encodeURIComponent(code)}`;
}

/** The code and the link to send to people to join (owner and members see it). */
export function ShareCard({ code }: { code: string }) {
  const link = joinLink(code);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (insecure origin): the field is selectable.
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="share-heading">
      <Typography id="share-heading" component="h2" variant="h6" fontWeight={700}>
        Invite people
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Send the link, or the code to type in on Contests.
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <TextField
          label="Join code"
          value={code}
          size="small"
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={{ width: { sm: 160 } }}
        />
        <TextField
          label="Join link"
          value={link}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(e) => e.target.select()}
        />
        <Button
          variant="outlined"
          onClick={() => void copy()}
          aria-live="polite"
          sx={{ flexShrink: 0 }}
        >
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
      </Stack>
    </Paper>
  );
}
