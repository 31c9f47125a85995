import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { percentColor } from '../../lib/percent-color.ts';
import { usePortfolioInsight } from '../portfolio-insight/api/get-portfolio-insight.ts';
import { benchmarkVerdict, hasActivity } from '../../lib/insight-text.ts';
import { signedUsd } from '../../lib/format.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import { unrealisedPnlAt } from '../../lib/portfolio.ts';

function Figure({ label, value, price }: { label: string; value: number | null; price?: boolean }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        fontWeight={700}
        color={value === null ? 'text.secondary' : percentColor(value)}
        data-price={price ? true : undefined}
      >
        {value === null ? '—' : signedUsd(value)}
      </Typography>
    </Box>
  );
}

/** /home's glance at /portfolio: P&L so far and the comparison with holding BTC, linking to the page. */
export function InsightCard({ wallet }: { wallet: string }) {
  const { data } = usePortfolioInsight(wallet);
  const { data: assets } = useAllAssets();
  const traded = data && hasActivity(data);
  // The prices of the total balance beside it, not those of the insight's last fetch.
  const unrealised = data && assets ? unrealisedPnlAt(data.positions, assets) : data?.unrealisedPnl;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="insight-heading" sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        alignItems={{ sm: 'center' }}
        justifyContent="space-between"
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id="insight-heading" component="h2" variant="subtitle1" fontWeight={700}>
            Portfolio insight
          </Typography>
          {!data && <Skeleton width={220} />}
          {data && !traded && (
            <Typography variant="body2" color="text.secondary">
              Buy an asset to see your allocation, profit and loss, and how you compare with holding
              Bitcoin.
            </Typography>
          )}
          {data && traded && (
            <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap" sx={{ mt: 0.5 }}>
              <Figure label="Unrealised P&L" value={unrealised ?? null} price />
              <Figure label="Realised P&L" value={data.realisedPnl} />
              {data.benchmark && (
                <Box>
                  <Typography variant="body2" color="text.secondary">
                    Against BTC
                  </Typography>
                  <Typography fontWeight={700}>{benchmarkVerdict(data)}</Typography>
                </Box>
              )}
            </Stack>
          )}
        </Box>
        <Button
          component={RouterLink}
          to="/portfolio"
          variant="outlined"
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          See your portfolio
        </Button>
      </Stack>
    </Paper>
  );
}
