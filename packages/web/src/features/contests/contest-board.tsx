import { sharpeText } from './sharpe-text.ts';
import { formatUsd, type ContestBoardRow, type ContestRankBy } from '@papertrade/domain';
import { Alert, Avatar, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { percentColor } from '../../lib/percent-color.ts';
import { signedPercent } from '../../lib/format.ts';

const wide = { display: { xs: 'none', sm: 'table-cell' } };
const same = (a: string, b: string | undefined) =>
  Boolean(b) && a.toLowerCase() === b!.toLowerCase();

function columns(myWallet: string | undefined, rankBy: ContestRankBy): Column<ContestBoardRow>[] {
  return [
    { header: 'Rank', cell: (r) => `#${r.rank}` },
    {
      header: 'Trader',
      // The name takes the room left and is cut short, at every size: with the Sharpe column a
      // long name pushed the last column out of the board's half of a 1280 px page.
      sx: { width: '100%', maxWidth: 0 },
      cell: (r) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar
            src={r.avatar ?? undefined}
            alt=""
            sx={{ width: 28, height: 28, display: { xs: 'none', sm: 'flex' } }}
          >
            {r.username.charAt(0).toUpperCase()}
          </Avatar>
          <Typography noWrap variant="body2">
            {r.username}
          </Typography>
          {same(r.walletAddress, myWallet) && (
            <Typography variant="caption" sx={{ flexShrink: 0 }}>
              (you)
            </Typography>
          )}
        </Stack>
      ),
    },
    { header: 'Total', align: 'right', sx: wide, cell: (r) => formatUsd(r.totalBalance) },
    {
      header: 'Return',
      align: 'right',
      cell: (r) => (
        <Typography
          variant="body2"
          sx={{ color: percentColor(r.returnPercentage), fontWeight: 600 }}
        >
          {signedPercent(r.returnPercentage)}
        </Typography>
      ),
    },
    // The figure that ranks the board stays on a phone: ranks ordered by a hidden column read wrong.
    {
      header: 'Sharpe',
      align: 'right',
      sx: rankBy === 'SHARPE' ? undefined : wide,
      cell: (r) => sharpeText(r.sharpe),
    },
    { header: 'Trades', align: 'right', sx: wide, cell: (r) => r.trades },
  ];
}

/** The contest's standings: live over /live, polled every 10 s while the socket is down. */
export function ContestBoard({
  rows,
  error,
  myWallet,
  rankBy = 'RETURN',
}: {
  rows: ContestBoardRow[] | undefined;
  error: unknown;
  myWallet: string | undefined;
  /** Which figure ranks the board (docs/api.md, "Class rules and reports"). */
  rankBy?: ContestRankBy | undefined;
}) {
  if (!rows && error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!rows) return <Skeleton variant="rounded" height={200} />;
  return (
    <Paper variant="outlined">
      <DataTable
        label="Contest leaderboard"
        columns={columns(myWallet, rankBy)}
        rows={rows}
        rowKey={(r) => r.walletAddress}
        empty={<Typography color="text.secondary">Nobody has joined yet.</Typography>}
        // The one scroll box (phones scroll wide tables sideways): reachable by keyboard.
        container={{ tabIndex: 0, role: 'region', 'aria-label': 'Contest standings' }}
        table={{ size: 'small', sx: { '& td, & th': { px: { xs: 1, sm: 2 } } } }}
      />
    </Paper>
  );
}
