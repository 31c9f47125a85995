import { Paper, Skeleton, Typography } from '@mui/material';

/** A labelled figure (balance, cash, ...), with a skeleton while it is unknown. */
export function StatCard({
  label,
  value,
  big,
  color,
  price,
}: {
  label: string;
  value: string | undefined;
  big?: boolean;
  /** A theme colour for the figure (a gain or a loss: percentColor). */
  color?: string;
  /** The figure follows market prices: greyed while they are stale (theme.ts). */
  price?: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant={big ? 'h4' : 'h6'}
        component="p"
        fontWeight={700}
        color={color}
        data-price={price ? true : undefined}
      >
        {value ?? <Skeleton width="60%" />}
      </Typography>
    </Paper>
  );
}
