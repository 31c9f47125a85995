import { formatUsd, LeaderboardPeriod, type LeaderboardEntry } from '@papertrade/domain';
import {
  Alert,
  Avatar,
  Link,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { FollowButton } from '../../components/follow-button.tsx';
import { percentColor } from '../../lib/percent-color.ts';
import { useLeaderboard, useMyRank } from './api/get-leaderboard.ts';
import { signedPercent } from '../../lib/format.ts';

const PERIODS: { value: LeaderboardPeriod; label: string; explained: string }[] = [
  { value: 'week', label: 'Week', explained: 'Ranked by return over the last 7 days.' },
  { value: 'month', label: 'Month', explained: 'Ranked by return over the last 30 days.' },
  {
    value: 'all',
    label: 'All',
    explained: 'Ranked by return since each trader signed up or last reset.',
  },
];
const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const wide = { display: { xs: 'none', sm: 'table-cell' } };
// Phones: tighter cells so rank, trader, return and Follow fit in 390px without scrolling.
const dense = { '& td, & th': { px: { xs: 1, sm: 2 } } };
/**
 * Phones: the trader column takes what the others leave (max-width 0 with width 100% lets a
 * table cell be narrower than its text) and the name is cut with an ellipsis, so a long name
 * never pushes the Follow button past the card's edge.
 */
const trader = { width: { xs: '100%', sm: 'auto' }, maxWidth: { xs: 0, sm: 'none' } };

function Row({ row, me, myWallet }: { row: LeaderboardEntry; me?: boolean; myWallet: string }) {
  return (
    <TableRow selected={me} aria-current={me ? 'true' : undefined}>
      <TableCell>
        {row.rank === null ? (
          <Tooltip
            title={`Reset on ${shortDate.format(row.resetAt ?? row.since)}: not ranked for this period`}
          >
            <Typography variant="caption" color="text.secondary" tabIndex={0}>
              Reset
            </Typography>
          </Tooltip>
        ) : (
          `#${row.rank}`
        )}
      </TableCell>
      <TableCell sx={trader}>
        <Stack direction="row" spacing={1} alignItems="center">
          <Avatar
            src={row.avatar ?? undefined}
            alt=""
            sx={{ width: 28, height: 28, display: { xs: 'none', sm: 'flex' } }}
          >
            {row.username.charAt(0).toUpperCase()}
          </Avatar>
          <Link component={RouterLink} to={`/user?wallet=${row.walletAddress}`} noWrap>
            {row.username}
          </Link>
          {me && (
            <Typography variant="caption" sx={{ flexShrink: 0 }}>
              (you)
            </Typography>
          )}
        </Stack>
      </TableCell>
      <TableCell align="right" sx={wide}>
        {formatUsd(row.totalBalance)}
      </TableCell>
      <TableCell
        align="right"
        sx={{
          color: row.rank === null ? 'text.secondary' : percentColor(row.returnPercentage),
          fontWeight: 600,
        }}
      >
        {row.rank === null ? '–' : signedPercent(row.returnPercentage)}
      </TableCell>
      <TableCell align="right">
        {!me && (
          <FollowButton myWallet={myWallet} wallet={row.walletAddress} username={row.username} />
        )}
      </TableCell>
    </TableRow>
  );
}

function Head() {
  return (
    <TableHead>
      <TableRow>
        <TableCell>Rank</TableCell>
        <TableCell sx={trader}>Trader</TableCell>
        <TableCell align="right" sx={wide}>
          Total balance
        </TableCell>
        <TableCell align="right">Return</TableCell>
        <TableCell align="right">
          <VisuallyHidden>Follow</VisuallyHidden>
        </TableCell>
      </TableRow>
    </TableHead>
  );
}

/**
 * /leaderboard?period=week|month|all: everyone by return over the period, a page at a time, with
 * your own rank always shown. A trader who reset inside the period is listed without a rank.
 */
export default function LeaderboardPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const parsed = LeaderboardPeriod.safeParse(params.get('period'));
  const period = parsed.success ? parsed.data : 'all';
  const query = useLeaderboard(period);
  const mine = useMyRank(user.walletAddress, period);
  // The board ranks main portfolios: with a contest portfolio active, the app's wallet is the
  // contest's, so "(you)" follows the row the server gave as the caller's own.
  const myBoardWallet = mine.data?.walletAddress ?? user.walletAddress;
  const rows = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const current = PERIODS.find((p) => p.value === period) ?? PERIODS[2];
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Tabs
        value={period}
        onChange={(_, v: LeaderboardPeriod) =>
          setParams(v === 'all' ? {} : { period: v }, { replace: true })
        }
        aria-label="Leaderboard period"
      >
        {PERIODS.map((p) => (
          <Tab key={p.value} value={p.value} label={p.label} />
        ))}
      </Tabs>
      <Typography color="text.secondary" variant="body2" sx={{ mt: -1 }}>
        {current?.explained} Traders who reset their account during the period are listed without a
        rank, so a reset can neither lift a rank nor erase losses.
      </Typography>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: -1 }}>
        Your rank
      </Typography>
      <Paper
        variant="outlined"
        sx={{ overflowX: 'auto' }}
        component="section"
        aria-label="Your rank"
      >
        {mine.data ? (
          <Table aria-label="Your rank" size="small" sx={dense}>
            <Head />
            <TableBody>
              <Row row={mine.data} me myWallet={user.walletAddress} />
            </TableBody>
          </Table>
        ) : mine.error ? (
          <Alert severity="error">{errorMessage(mine.error)}</Alert>
        ) : (
          <Skeleton variant="rounded" height={56} />
        )}
      </Paper>
      {query.isPending && <Skeleton variant="rounded" height={320} />}
      {query.error && rows.length === 0 && (
        <Alert severity="error">{errorMessage(query.error)}</Alert>
      )}
      {!query.isPending && rows.length === 0 && !query.error && (
        <Typography color="text.secondary">Nobody is ranked yet.</Typography>
      )}
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: -1 }}>
        All traders
      </Typography>
      {rows.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table aria-label="Leaderboard" size="small" sx={dense}>
            <Head />
            <TableBody>
              {rows.map((row) => (
                <Row
                  key={row.walletAddress}
                  row={row}
                  me={row.walletAddress.toLowerCase() === myBoardWallet.toLowerCase()}
                  myWallet={user.walletAddress}
                />
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <LoadMoreButton query={query} />
    </Stack>
  );
}
