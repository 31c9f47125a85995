import { Typography, type TypographyProps } from '@mui/material';
import { percentColor } from '../../lib/percent-color.ts';
import { signedUsd } from '../../lib/format.ts';

/** Dollars gained or lost, signed and coloured by what they read ($0.00 is grey). */
export function PnlText({ value, ...props }: { value: number } & TypographyProps) {
  return (
    <Typography component="span" fontWeight={600} color={percentColor(value)} {...props}>
      {signedUsd(value)}
    </Typography>
  );
}
