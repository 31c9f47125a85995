import { formatPercent, formatUsd, type LeaderboardEntry } from '@papertrade/domain';
import {
  Alert,
  Avatar,
  Link,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { VisuallyHidden } from '../../components/visually-hidden.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useUser } from '../auth/api/get-session.ts';
import { FollowButton } from '../../components/follow-button.tsx';
import { useLeaderboard, useMyRank } from './api/get-leaderboard.ts';

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
      <TableCell>#{row.rank}</TableCell>
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
        sx={{ color: row.returnPercentage >= 0 ? 'success.main' : 'error.main', fontWeight: 600 }}
      >
        {formatPercent(row.returnPercentage)}
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

/** /leaderboard: everyone by total balance, a page at a time, with your own rank always shown. */
export default function LeaderboardPage() {
  const user = useUser();
  const query = useLeaderboard();
  const mine = useMyRank(user.walletAddress);
  const rows = query.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
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
                  me={row.walletAddress.toLowerCase() === user.walletAddress.toLowerCase()}
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
