import { formatUsd, type Contest } from '@papertrade/domain';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { Alert, Box, Button, Chip, Grid, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { StatCard } from '../../components/stat-card.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.tsx';
import { useUser } from '../../lib/api/get-session.ts';
import { useContest } from './api/get-contest.ts';
import { useContestBoard } from './api/get-contest-leaderboard.ts';
import { usePortfolios } from './api/get-portfolios.ts';
import { useSwitchPortfolio } from './api/switch-portfolio.ts';
import { ClassAssignments } from './class-assignments.tsx';
import { ClassLessons } from './class-lessons.tsx';
import { ContestBoard } from './contest-board.tsx';
import { contestPhase, countdownText } from './countdown.ts';
import { OwnerPanel } from './owner-panel.tsx';
import { ReplayClock } from './replay-clock.tsx';
import { ReturnsCard } from './returns-card.tsx';
import { RulesList } from './rules-list.tsx';
import { ShareCard } from './share-card.tsx';
import { StatusChip } from './status-chip.tsx';
import { useNow } from './use-now.ts';
import { signedPercent } from '../../lib/format.ts';

const same = (a: string | undefined, b: string | undefined) =>
  Boolean(a && b) && a!.toLowerCase() === b!.toLowerCase();

/**
 * Where a member trades in the contest. A member who opens the page of a running contest is here
 * for it, so the app switches to its portfolio (once a visit: switching back from the header
 * sticks); trading from here must not land in the main portfolio, where it never counts. An ended
 * contest offers no trading at all: its orders are refused.
 */
function TradeHere({
  contest,
  meWallet,
  now,
}: {
  contest: Contest;
  meWallet: string;
  now: number;
}) {
  const user = useUser();
  const switcher = useSwitchPortfolio();
  const navigate = useNavigate();
  const active = same(user.walletAddress, meWallet);
  const phase = contestPhase(contest, now);
  const visited = useRef<string | null>(null);
  const { mutate } = switcher;
  useEffect(() => {
    if (visited.current === contest.id) return;
    visited.current = contest.id;
    if (phase === 'RUNNING' && !active) mutate(meWallet);
  }, [contest.id, phase, active, meWallet, mutate]);

  if (phase === 'ENDED') return null;
  const trade = () => {
    if (active) void navigate('/assets');
    else switcher.mutate(meWallet, { onSuccess: () => void navigate('/assets') });
  };
  return (
    <Stack spacing={0.5} sx={{ maxWidth: { md: 280 } }}>
      <Button
        variant="contained"
        color="secondary"
        startIcon={<EmojiEvents />}
        disabled={switcher.isPending}
        onClick={trade}
      >
        Trade in this contest
      </Button>
      {switcher.error && (
        <Typography role="alert" variant="caption" color="error">
          {errorMessage(switcher.error)}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        {active
          ? `You are trading in this contest: orders go to your ${contest.name} portfolio.`
          : `Switches the whole app to your ${contest.name} portfolio.`}
      </Typography>
    </Stack>
  );
}

/**
 * /contests/:id: rules, countdown, status, the live board, your rank and return, the top traders'
 * returns; for a class member the teacher's lessons; for the host their tools.
 */
export default function ContestPage() {
  const { id = '' } = useParams();
  const user = useUser();
  const query = useContest(id, user.walletAddress);
  const board = useContestBoard(id, user.walletAddress);
  const { data: portfolios } = usePortfolios(user.walletAddress);
  const now = useNow();
  const contest = query.data;
  usePageTitle(contest?.name);

  if (query.isPending) return <Skeleton variant="rounded" height={360} />;
  if (!contest) {
    const missing = query.error instanceof ApiError && [403, 404].includes(query.error.status);
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Alert severity="error">
          {missing
            ? 'This contest does not exist, or it is private and you are not in it.'
            : errorMessage(query.error)}
        </Alert>
        <Button component={RouterLink} to="/contests" sx={{ alignSelf: 'flex-start' }}>
          All contests
        </Button>
      </Stack>
    );
  }
  // The owner's wallet is their main one, whichever portfolio is on screen now.
  const isOwner =
    same(contest.ownerWallet, user.walletAddress) ||
    Boolean(portfolios?.some((p) => same(p.walletAddress, contest.ownerWallet)));
  const rows = board.data?.items;
  const meWallet = contest.me?.walletAddress;
  const myRow = rows?.find((r) => same(r.walletAddress, meWallet));
  const rank = myRow?.rank ?? contest.me?.rank ?? null;
  const myReturn = myRow?.returnPercentage ?? contest.me?.returnPercentage;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between' }}
        >
          <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
            >
              <Typography
                component="h2"
                variant="h5"
                fontWeight={700}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {contest.name}
              </Typography>
              <StatusChip contest={contest} now={now} />
              {contest.kind === 'CLASS' && <Chip size="small" variant="outlined" label="Class" />}
            </Stack>
            <Typography role="timer" aria-label="Countdown" fontWeight={600}>
              {countdownText(contest, now)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Hosted by {isOwner ? 'you' : (contest.ownerUsername ?? 'its owner')} ·{' '}
              {contest.members} {contest.members === 1 ? 'member' : 'members'}
            </Typography>
            {contest.description && <Typography>{contest.description}</Typography>}
          </Stack>
          {meWallet && (
            <Box sx={{ flexShrink: 0 }}>
              <TradeHere contest={contest} meWallet={meWallet} now={now} />
            </Box>
          )}
        </Stack>
      </Paper>
      <ReplayClock contest={contest} wallet={user.walletAddress} />
      {meWallet && (
        <Grid container spacing={2} component="section" aria-label="Your standing">
          <Grid size={{ xs: 6, md: 4 }}>
            <StatCard
              label="Your rank"
              value={rank === null ? '–' : `#${rank} of ${contest.members}`}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <StatCard
              label="Your return"
              value={myReturn === undefined ? undefined : signedPercent(myReturn)}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <StatCard
              label="Your total"
              value={myRow ? formatUsd(myRow.totalBalance) : undefined}
            />
          </Grid>
        </Grid>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={1} component="section" aria-labelledby="board-heading">
            <Typography id="board-heading" component="h2" variant="h6" fontWeight={700}>
              Leaderboard
            </Typography>
            <ContestBoard
              rows={rows}
              error={board.error}
              myWallet={meWallet}
              rankBy={contest.rankBy}
            />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper
            variant="outlined"
            sx={{ p: 2 }}
            component="section"
            aria-labelledby="rules-heading"
          >
            <Typography
              id="rules-heading"
              component="h2"
              variant="h6"
              fontWeight={700}
              gutterBottom
            >
              Rules
            </Typography>
            <RulesList rules={contest} />
          </Paper>
        </Grid>
      </Grid>
      <ReturnsCard contestId={contest.id} wallet={user.walletAddress} />
      {contest.kind === 'CLASS' && meWallet && (
        <ClassAssignments contestId={contest.id} user={user} />
      )}
      {contest.kind === 'CLASS' && meWallet && <ClassLessons slugs={contest.lessons} user={user} />}
      {contest.joinCode && <ShareCard code={contest.joinCode} />}
      {isOwner && <OwnerPanel contest={contest} wallet={user.walletAddress} now={now} />}
    </Stack>
  );
}
