import { Alert, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.tsx';
import { useUser } from '../../lib/api/get-session.ts';
import { useContestByCode } from './api/get-contest-by-code.ts';
import { useJoinContest } from './api/join-contest.ts';
import { useSwitchPortfolio } from './api/switch-portfolio.ts';
import { contestPhase, countdownText } from './countdown.ts';
import { RulesList } from './rules-list.tsx';
import { StatusChip } from './status-chip.tsx';
import { useNow } from './use-now.ts';

/**
 * /join/:code: what a join link leads to, before joining: the name, who hosts it, the rules, and
 * for a class that the teacher will see the portfolio. Visitors log in first and come back here
 * (the route is behind the login guard). Joining switches the app to the new portfolio and opens
 * the contest page.
 */
export default function JoinPage() {
  const { code = '' } = useParams();
  const user = useUser();
  const query = useContestByCode(code, user.walletAddress);
  const join = useJoinContest(user.walletAddress);
  const switcher = useSwitchPortfolio();
  const navigate = useNavigate();
  const now = useNow();
  const contest = query.data;
  usePageTitle(contest ? `Join ${contest.name}` : 'Join a contest');

  if (query.isPending) return <Skeleton variant="rounded" height={320} sx={{ maxWidth: 720 }} />;
  if (!contest) {
    const unknown = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <Alert severity="error">
          {unknown
            ? `There is no contest with the code “${code}”. Check the code or ask your host for the link again.`
            : errorMessage(query.error)}
        </Alert>
        <Button component={RouterLink} to="/contests" sx={{ alignSelf: 'flex-start' }}>
          All contests
        </Button>
      </Stack>
    );
  }
  const page = `/contests/${encodeURIComponent(contest.id)}`;
  const ended = contestPhase(contest, now) === 'ENDED';
  const owner = contest.ownerWallet.toLowerCase() === user.walletAddress.toLowerCase();
  const busy = join.isPending || switcher.isPending;
  const onJoin = async () => {
    // Promises rather than per-call callbacks, which do not run once a component has unmounted.
    const answer = await join.mutateAsync({ code }).catch(() => null);
    if (!answer) return;
    // The new portfolio is what the user came for: show it, then the contest.
    await switcher.mutateAsync(answer.walletAddress).catch(() => undefined);
    void navigate(page);
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 } }}
        component="section"
        aria-labelledby="join-title"
      >
        <Stack spacing={2}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Typography id="join-title" component="h2" variant="h5" fontWeight={700}>
              {contest.name}
            </Typography>
            <StatusChip contest={contest} now={now} />
          </Stack>
          <Typography color="text.secondary">
            {contest.kind === 'CLASS' ? 'A class' : 'A contest'} hosted by{' '}
            <strong>{contest.ownerUsername ?? 'its owner'}</strong> · {contest.members}{' '}
            {contest.members === 1 ? 'member' : 'members'} · {countdownText(contest, now)}
          </Typography>
          {contest.description && <Typography>{contest.description}</Typography>}
          <RulesList rules={contest} />
          {contest.kind === 'CLASS' && (
            <Alert severity="info">
              This is a class: your teacher will see your class portfolio (its holdings, trades and
              return) and may send announcements. Your main portfolio stays private.
            </Alert>
          )}
          {join.error && <Alert severity="error">{errorMessage(join.error)}</Alert>}
          {contest.me ? (
            <Alert
              severity="success"
              action={
                <Button color="inherit" component={RouterLink} to={page}>
                  Open
                </Button>
              }
            >
              You are already in this contest.
            </Alert>
          ) : owner ? (
            <Alert
              severity="info"
              action={
                <Button color="inherit" component={RouterLink} to={page}>
                  Open
                </Button>
              }
            >
              You host this {contest.kind === 'CLASS' ? 'class' : 'contest'}.
            </Alert>
          ) : ended ? (
            <Alert severity="warning">
              This contest has ended, so it cannot be joined any more.
            </Alert>
          ) : (
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                size="large"
                onClick={() => void onJoin()}
                disabled={busy}
              >
                {contest.kind === 'CLASS' ? 'Join class' : 'Join contest'}
              </Button>
              <Button component={RouterLink} to="/contests">
                Not now
              </Button>
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary">
            Joining gives you a separate portfolio with the starting balance above; switch between
            it and your main portfolio from the header.
          </Typography>
        </Stack>
      </Paper>
    </Stack>
  );
}
