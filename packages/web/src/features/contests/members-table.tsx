import { sharpeText } from './sharpe-text.ts';
import { formatUsd, type ContestMember } from '@papertrade/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { buttonColumn, DataTable, type Column } from '../../components/data-table.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { signedPercent, formatDateTime } from '../../lib/format.ts';
import { percentColor } from '../../lib/percent-color.ts';
import { useContestMembers } from './api/get-contest-members.ts';
import { useRemoveMember } from './api/remove-member.ts';
import { MemberPortfolioDialog } from './member-portfolio-dialog.tsx';

const wide = { display: { xs: 'none', sm: 'table-cell' } };

/** "3 h ago" reads better than a date for recent activity; older ones get the date. */
export function lastActiveText(at: number | null, now: number): string {
  if (at === null) return 'Not yet';
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ago`;
  return formatDateTime(at);
}

/** A class owner's view of the members: standing, activity, their portfolio, remove. */
export function MembersTable({ contestId, wallet }: { contestId: string; wallet: string }) {
  const query = useContestMembers(contestId, wallet, true);
  const remove = useRemoveMember(contestId, wallet);
  const [viewing, setViewing] = useState<ContestMember | null>(null);
  const [removing, setRemoving] = useState<ContestMember | null>(null);
  const now = Date.now();
  const columns: Column<ContestMember>[] = [
    { header: 'Rank', sx: wide, cell: (m) => (m.rank === null ? '–' : `#${m.rank}`) },
    {
      header: 'Member',
      cell: (m) => (
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2" fontWeight={600} noWrap>
            {m.displayName || m.username}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {m.username}
          </Typography>
        </Stack>
      ),
    },
    { header: 'Total', align: 'right', sx: wide, cell: (m) => formatUsd(m.totalBalance) },
    {
      header: 'Return',
      align: 'right',
      cell: (m) => (
        <Typography
          variant="body2"
          sx={{ color: percentColor(m.returnPercentage), fontWeight: 600 }}
        >
          {signedPercent(m.returnPercentage)}
        </Typography>
      ),
    },
    // The Sharpe ratio of daily returns beside the return (docs/api.md, "Class rules and reports").
    { header: 'Sharpe', align: 'right', sx: wide, cell: (m) => sharpeText(m.sharpe) },
    { header: 'Trades', align: 'right', sx: wide, cell: (m) => m.trades },
    { header: 'Notes', align: 'right', sx: wide, cell: (m) => m.notes ?? 0 },
    { header: 'Lessons read', align: 'right', sx: wide, cell: (m) => m.lessonsRead ?? 0 },
    {
      header: 'Quiz average',
      align: 'right',
      sx: wide,
      cell: (m) => (m.quizAverage == null ? '–' : `${m.quizAverage.toFixed(0)}%`),
    },
    { header: 'Last active', sx: wide, cell: (m) => lastActiveText(m.lastActiveAt, now) },
    buttonColumn('Actions', (m) => (
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0, sm: 1 }}
        sx={{ alignItems: 'flex-end' }}
      >
        <Button
          size="small"
          onClick={() => setViewing(m)}
          aria-label={`View ${m.username}'s portfolio`}
        >
          Portfolio
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() => setRemoving(m)}
          aria-label={`Remove ${m.username}`}
        >
          Remove
        </Button>
      </Stack>
    )),
  ];
  return (
    <Stack spacing={1.5}>
      <Typography component="h3" variant="subtitle1" fontWeight={700}>
        Members
      </Typography>
      {query.error && !query.data && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      <Paper variant="outlined">
        <DataTable
          label="Members"
          columns={columns}
          rows={query.data}
          rowKey={(m) => m.walletAddress}
          loading={query.isPending}
          empty={
            <Typography color="text.secondary">Nobody has joined yet: share the link.</Typography>
          }
          // The one scroll box (phones scroll wide tables sideways): reachable by keyboard.
          container={{ tabIndex: 0, role: 'region', 'aria-label': 'Class members' }}
          table={{ size: 'small', sx: { '& td, & th': { px: { xs: 1, sm: 2 } } } }}
        />
      </Paper>
      {viewing && (
        <MemberPortfolioDialog
          contestId={contestId}
          member={viewing}
          wallet={wallet}
          onClose={() => setViewing(null)}
        />
      )}
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        aria-labelledby="remove-member-title"
      >
        <DialogTitle id="remove-member-title">Remove {removing?.username}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Their class portfolio is closed and leaves the board. Their main portfolio is not
            touched.
          </DialogContentText>
          {remove.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(remove.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              removing &&
              remove.mutate(removing.walletAddress, { onSuccess: () => setRemoving(null) })
            }
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
