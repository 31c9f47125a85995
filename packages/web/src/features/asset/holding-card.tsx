import {
  formatPrice,
  formatShares,
  formatUsd,
  gainPercentage,
  type Asset,
  type User,
} from '@papertrade/domain';
import { Box, Paper, Typography } from '@mui/material';
import { percentColor } from '../../lib/percent-color.ts';
import { signedPercent } from '../../lib/format.ts';
import { averageCost, holdingValue } from '../../lib/portfolio.ts';
import { holdingSplit, splitText } from '../../lib/holding-split.ts';

/**
 * The user's position in this asset, when there is one (docs/product.md, Numbers on screen: at least 4 decimals): every
 * share held, the ones working sells reserve included, and how many of them are free to sell.
 */
export function HoldingCard({ user, asset }: { user: User; asset: Asset }) {
  const split = holdingSplit(user, asset.symbol);
  if (split.total <= 0) return null;
  const average = averageCost(user, asset.symbol);
  const gain = gainPercentage(asset.currentPrice, average);
  const reserved = splitText(split);
  const items: [string, string, string?][] = [
    ['Shares', `${formatShares(split.total)} ${asset.symbol}`],
    ['Value', formatUsd(holdingValue(split.total, asset.currentPrice))],
    // A price, by formatPrice's rule like the chart's tag ("$0.3164", not "$0.32").
    ['Average cost', average > 0 ? `$${formatPrice(average)}` : '—'],
    ['Gain', average > 0 ? signedPercent(gain) : '—', average > 0 ? percentColor(gain) : undefined],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="holding-heading">
      <Typography
        id="holding-heading"
        component="h2"
        variant="subtitle1"
        fontWeight={700}
        gutterBottom
      >
        Your holding
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' },
          gap: 2,
        }}
      >
        {items.map(([label, value, color]) => (
          <div key={label}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography fontWeight={600} color={color}>
              {value}
            </Typography>
          </div>
        ))}
      </Box>
      {reserved && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {reserved}
        </Typography>
      )}
    </Paper>
  );
}
