import { formatPercent } from '@papertrade/domain';
import { Typography, type TypographyProps } from '@mui/material';

/** A day change with its sign, green when up and red when down. */
export function DayChange({ value, ...props }: { value: number } & TypographyProps) {
  const color = value > 0 ? 'success.main' : value < 0 ? 'error.main' : 'text.secondary';
  return (
    <Typography component="span" variant="body2" fontWeight={600} color={color} {...props}>
      {formatPercent(value)}
    </Typography>
  );
}
