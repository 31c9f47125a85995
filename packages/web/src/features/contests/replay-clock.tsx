import { formatPrice, type Contest } from '@papertrade/domain';
import History from '@mui/icons-material/History';
import { Alert, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { errorMessage } from '../../lib/api-client.ts';
import { replayTimeText } from '../../lib/replay-time.ts';
import { useContestReplay } from './api/get-contest-replay.ts';

/** "60×" and what it means: a minute of history a second. */
export function speedText(speed: number): string {
  if (speed === 1) return '1× (real time)';
  if (speed % 3_600 === 0) return `${speed}× (${speed / 3_600} h of history a second)`;
  if (speed % 60 === 0) return `${speed}× (${speed / 60} min of history a second)`;
  return `${speed}×`;
}

/**
 * A replay contest's clock (docs/pages.md, Contest page): the replayed moment, its speed and the
 * replayed price of each asset, as the server answers them each second, so what it shows is what
 * an order placed now trades at.
 */
export function ReplayClock({ contest, wallet }: { contest: Contest; wallet: string }) {
  const replay = useContestReplay(contest, wallet);
  if (contest.priceSource?.kind !== 'REPLAY') return null;
  const data = replay.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="replay-heading">
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <History fontSize="small" aria-hidden />
          <Typography id="replay-heading" component="h2" variant="h6" fontWeight={700}>
            Replay of history
          </Typography>
        </Stack>
        {replay.error && <Alert severity="error">{errorMessage(replay.error)}</Alert>}
        {!data && !replay.error && (
          <Skeleton variant="rounded" height={56} aria-label="Loading replay" />
        )}
        {data && (
          <>
            <Typography role="timer" aria-label="Replay clock" fontWeight={600}>
              {replayTimeText(data.replayedAt)}
            </Typography>
            <Typography variant="body2" color="text.secondary" aria-label="Replay speed">
              Speed {speedText(data.speed)} · {replayTimeText(data.from)} to{' '}
              {replayTimeText(data.to)}
            </Typography>
            {data.prices.length > 0 && (
              <Stack
                component="ul"
                aria-label="Replayed prices"
                direction="row"
                sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}
              >
                {data.prices.map((p) => (
                  <Typography
                    component="li"
                    key={p.symbol}
                    sx={{ fontVariantNumeric: 'tabular-nums' }}
                  >
                    {p.symbol} ${formatPrice(p.price)}
                  </Typography>
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
