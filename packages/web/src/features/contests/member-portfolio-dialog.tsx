import { formatUsd, type ContestMember } from '@papertrade/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { HoldingsTable } from '../../components/holdings-table.tsx';
import { RecentActivity } from '../../components/recent-activity.tsx';
import { StatCard } from '../../components/stat-card.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useIsMobile } from '../../lib/breakpoints.ts';
import { portfolioTotals } from '../../lib/portfolio.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import { MemberNotes } from './member-notes.tsx';
import { useMemberPortfolio } from './api/get-member-portfolio.ts';
import { signedPercent } from '../../lib/format.ts';

/** A class member's portfolio as the teacher reads it: the same tables as Home, nothing to click. */
export function MemberPortfolioDialog({
  contestId,
  member,
  wallet,
  onClose,
}: {
  contestId: string;
  member: ContestMember;
  wallet: string;
  onClose: () => void;
}) {
  const query = useMemberPortfolio(contestId, member.walletAddress, wallet);
  const { data: assets } = useAllAssets();
  const isMobile = useIsMobile();
  const record = query.data;
  const totals = record && assets ? portfolioTotals(record, assets) : null;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={isMobile}
      aria-labelledby="member-portfolio-title"
    >
      <DialogTitle id="member-portfolio-title">
        {member.displayName || member.username}&apos;s portfolio
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Read-only: what {member.username} holds and trades in this class.
        </Typography>
        {query.error && <Alert severity="error">{errorMessage(query.error)}</Alert>}
        {query.isPending && <Skeleton variant="rounded" height={240} />}
        {record && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <StatCard
                  label="Total balance"
                  value={totals ? formatUsd(totals.total) : undefined}
                />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <StatCard label="Cash" value={formatUsd(record.balance)} />
              </Grid>
              <Grid size={{ xs: 6, sm: 4 }}>
                <StatCard label="Return" value={signedPercent(member.returnPercentage)} />
              </Grid>
            </Grid>
            <Typography component="h3" variant="subtitle1" fontWeight={700}>
              Holdings
            </Typography>
            {assets ? (
              <HoldingsTable user={record} assets={assets} readOnly />
            ) : (
              <Skeleton height={120} />
            )}
            <Typography component="h3" variant="subtitle1" fontWeight={700}>
              Recent activity
            </Typography>
            <RecentActivity user={record} readOnly />
            <Typography component="h3" variant="subtitle1" fontWeight={700}>
              Trade notes
            </Typography>
            <MemberNotes record={record} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
