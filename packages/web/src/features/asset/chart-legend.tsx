import { Box, Typography, useTheme } from '@mui/material';
import type { FillMarker } from './fill-markers.ts';
import { lineLook, markerColor } from './line-style.ts';
import type { ChartLine } from './order-lines.ts';

const BORDER = { solid: 'solid', dashed: 'dashed', dotted: 'dotted' } as const;

/**
 * What the chart draws, in words: the canvas's labels are not text a screen reader (or a test)
 * can read, and a line off the chart's range is still named here. Each line's swatch matches it.
 * Under it, how to move an order's line (use-line-drag.ts), when one can be moved; a line that
 * cannot (a trailing stop's) says why beside its label.
 */
export function ChartLegend({
  symbol,
  lines,
  markers,
}: {
  symbol: string;
  lines: readonly ChartLine[];
  markers: readonly FillMarker[];
}) {
  const { palette } = useTheme();
  const fills = markers.flatMap((m) => m.fills);
  if (lines.length === 0 && fills.length === 0) return null;
  return (
    <>
      <Box
        component="ul"
        aria-label={`Your ${symbol} orders on the chart`}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 1,
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        {lines.map((line) => {
          const look = lineLook(line.role, palette, line.pending);
          return (
            // A note that does not fit beside its label goes under it, not into a narrow column.
            <Box
              component="li"
              key={line.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                columnGap: 0.75,
                minWidth: 0,
              }}
            >
              <Box
                aria-hidden
                sx={{
                  width: 20,
                  flexShrink: 0,
                  borderTop: `${look.width + 1}px ${BORDER[look.dash]} ${look.color}`,
                }}
              />
              <Typography variant="body2">{line.label}</Typography>
              {line.fixed && (
                <Typography variant="body2" color="text.secondary">
                  ({line.fixed})
                </Typography>
              )}
            </Box>
          );
        })}
        {fills.length > 0 && (
          <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Typography
              variant="body2"
              aria-hidden
              sx={{ color: markerColor('PURCHASE', palette) }}
            >
              ▲
            </Typography>
            <Typography variant="body2" aria-hidden sx={{ color: markerColor('SELL', palette) }}>
              ▼
            </Typography>
            <Typography variant="body2" title={fills.join('\n')}>
              {fills.length === 1 ? '1 recent fill marked' : `${fills.length} recent fills marked`}
            </Typography>
          </Box>
        )}
      </Box>
      {lines.some((l) => l.drag) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Drag an order’s line up or down to change its price, or use Modify under Orders.
        </Typography>
      )}
    </>
  );
}
