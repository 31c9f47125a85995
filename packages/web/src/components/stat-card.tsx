import { Paper, Skeleton, Typography } from '@mui/material';

/** A labelled figure (balance, cash, ...), with a skeleton while it is unknown. */
export function StatCard({
  label,
  value,
  big,
}: {
  label: string;
  value: string | undefined;
  big?: boolean;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant={big ? 'h4' : 'h6'} component="p" fontWeight={700}>
        {value ?? <Skeleton width="60%" />}
      </Typography>
    </Paper>
  );
}
