import { formatPercent } from '@papertrade/domain';
import { Alert, Box, Paper, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { percentColor } from '../../lib/percent-color.ts';
import { useContestBoard } from './api/get-contest-leaderboard.ts';
import {
  contestReturnsQueryKey,
  TOP_TRADERS,
  useContestReturns,
} from './api/get-contest-returns.ts';
import { followBoard, topChanged } from './returns-follow-board.ts';

const loadChart = () => import('./returns-chart.tsx');
const ReturnsChart = lazy(loadChart);
const HEIGHT = { xs: 220, sm: 280 };

/** "Top traders' returns": one line per trader and a legend that also says each one's latest return. */
export function ReturnsCard({ contestId, wallet }: { contestId: string; wallet: string }) {
  const query = useContestReturns(contestId, wallet);
  const theme = useTheme();
  const colours = useMemo(
    () => [
      theme.palette.primary.main,
      theme.palette.secondary.main,
      theme.palette.success.main,
      theme.palette.warning.main,
      theme.palette.info.main,
    ],
    [theme],
  );
  // The chart's code downloads while its data does.
  useEffect(() => {
    loadChart().catch(() => undefined);
  }, []);
  // The board beside the chart (the same query, so the same /live pushes and polls) gives each
  // line's last point and the legend's figure; a new trader in the top 5 fetches the lines again.
  const board = useContestBoard(contestId, wallet).data?.items;
  const fetched = query.data;
  const series = useMemo(() => fetched && followBoard(fetched, board), [fetched, board]);
  const stale = Boolean(fetched && topChanged(fetched, board, TOP_TRADERS));
  const queryClient = useQueryClient();
  useEffect(() => {
    if (stale) void queryClient.invalidateQueries({ queryKey: contestReturnsQueryKey(contestId) });
  }, [stale, queryClient, contestId]);
  const skeleton = <Skeleton variant="rounded" sx={{ height: HEIGHT }} />;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="returns-heading">
      <Typography id="returns-heading" component="h2" variant="h6" fontWeight={700} gutterBottom>
        Top {TOP_TRADERS} traders&apos; returns
      </Typography>
      {query.error && !series && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {!series && !query.error && skeleton}
      {series && series.length === 0 && (
        <Typography color="text.secondary">
          No returns yet: they appear once members have traded.
        </Typography>
      )}
      {series && series.length > 0 && (
        <>
          <Suspense fallback={skeleton}>
            <ReturnsChart
              series={series}
              colours={colours}
              label="Return over time of the top traders"
              height={HEIGHT}
            />
          </Suspense>
          <Stack
            component="ul"
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 2, p: 0, m: 0, mt: 1, listStyle: 'none' }}
          >
            {series.map((s, i) => {
              const last = s.points.at(-1)?.returnPercentage ?? 0;
              return (
                <Stack
                  component="li"
                  key={s.walletAddress}
                  direction="row"
                  spacing={0.75}
                  sx={{ alignItems: 'center' }}
                >
                  <Box
                    aria-hidden
                    sx={{
                      width: 12,
                      height: 12,
                      borderRadius: '50%',
                      bgcolor: colours[i % colours.length],
                    }}
                  />
                  <Typography variant="body2">{s.username}</Typography>
                  <Typography variant="body2" sx={{ color: percentColor(last), fontWeight: 600 }}>
                    {formatPercent(last)}
                  </Typography>
                </Stack>
              );
            })}
          </Stack>
        </>
      )}
    </Paper>
  );
}
