import { Box, Typography } from '@mui/material';

/** A label on the left, its value on the right; `price` marks a market price (greyed when stale). */
export function Row({ label, value, price }: { label: string; value: string; price?: boolean }) {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
      data-price={price ? true : undefined}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" fontWeight={600}>
        {value}
      </Typography>
    </Box>
  );
}
