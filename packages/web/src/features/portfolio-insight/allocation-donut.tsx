import { formatUsd } from '@papertrade/domain';
import { Box, Stack, Typography } from '@mui/material';
import { arcPath, shareText, type Slice } from './insight-view.ts';

const OUTER = 50;
const INNER = 32;

/**
 * The allocation as a donut drawn in SVG (no chart library for a handful of arcs), named for
 * screen readers by its slices; the legend beside it says the same in text, with the dollars.
 */
export function AllocationDonut({ slices, size = 180 }: { slices: Slice[]; size?: number }) {
  let from = 0;
  const label = `Allocation: ${slices.map((s) => `${s.label} ${shareText(s.share)}`).join(', ')}`;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} alignItems="center">
      <Box
        component="svg"
        viewBox={`${-OUTER} ${-OUTER} ${OUTER * 2} ${OUTER * 2}`}
        role="img"
        aria-label={label}
        sx={{ width: size, height: size, flexShrink: 0 }}
      >
        {slices.map((s) => {
          const to = from + s.share;
          const path = arcPath(from, to, OUTER, INNER);
          from = to;
          return <path key={s.key} d={path} fill={s.colour} />;
        })}
      </Box>
      <Box
        component="ul"
        aria-label="Allocation"
        sx={{ listStyle: 'none', m: 0, p: 0, width: '100%', minWidth: 0 }}
      >
        {slices.map((s) => (
          <Box
            component="li"
            key={s.key}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
          >
            <Box
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: s.colour, flexShrink: 0 }}
            />
            <Typography component="span" fontWeight={600} sx={{ flexGrow: 1 }}>
              {s.label}
            </Typography>
            <Typography component="span" color="text.secondary">
              {shareText(s.share)}
            </Typography>
            <Typography component="span" sx={{ minWidth: 96, textAlign: 'right' }}>
              {formatUsd(s.value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}
