import { formatPercent, formatUsd } from '@papertrade/domain';
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
import { errorMessage } from '../../lib/api-client.ts';
import { useLeaderboard } from './api/get-leaderboard.ts';

/** A first leaderboard: the top 50 by total balance. */
export default function LeaderboardPage() {
  const { data: rows, isPending, error } = useLeaderboard();
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (isPending) return <Skeleton variant="rounded" height={320} />;
  if (rows.length === 0)
    return <Typography color="text.secondary">Nobody is ranked yet.</Typography>;
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table aria-label="Leaderboard">
        <TableHead>
          <TableRow>
            <TableCell>Rank</TableCell>
            <TableCell>Trader</TableCell>
            <TableCell align="right">Total balance</TableCell>
            <TableCell align="right">Return</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.walletAddress}>
              <TableCell>{row.rank}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} alignItems="center">
                  <Avatar src={row.avatar ?? undefined} alt="" sx={{ width: 28, height: 28 }}>
                    {row.username.charAt(0).toUpperCase()}
                  </Avatar>
                  <Link component={RouterLink} to={`/user?wallet=${row.walletAddress}`}>
                    {row.username}
                  </Link>
                </Stack>
              </TableCell>
              <TableCell align="right">{formatUsd(row.totalBalance)}</TableCell>
              <TableCell
                align="right"
                sx={{
                  color: row.returnPercentage >= 0 ? 'success.main' : 'error.main',
                  fontWeight: 600,
                }}
              >
                {formatPercent(row.returnPercentage)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
