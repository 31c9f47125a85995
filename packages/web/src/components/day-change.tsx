import { Typography, type TypographyProps } from '@mui/material';
import { percentColor } from '../lib/percent-color.ts';
import { signedPercent } from '../lib/format.ts';

/** A day change with its sign, green when up, red when down, grey when it reads 0.00%. */
export function DayChange({ value, ...props }: { value: number } & TypographyProps) {
  return (
    <Typography
      component="span"
      variant="body2"
      fontWeight={600}
      color={percentColor(value)}
      {...props}
    >
      {signedPercent(value)}
    </Typography>
  );
}
