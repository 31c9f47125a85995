import { type Contest, type ContestScope } from '@papertrade/domain';
import {
  Alert,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { percentColor } from '../../lib/percent-color.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { useContests } from './api/get-contests.ts';
import { useJoinContest } from './api/join-contest.ts';
import { useSwitchPortfolio } from './api/switch-portfolio.ts';
import { contestPhase, countdownText } from './countdown.ts';
import { StatusChip } from './status-chip.tsx';
import { useNow } from './use-now.ts';
import { signedPercent } from '../../lib/format.ts';

const EMPTY: Record<ContestScope, string> = {
  joined: 'You have not joined a contest yet. Join one with a code, or browse the public ones.',
  owned: 'You do not host a contest yet. Create one and share its link.',
  public: 'No public contest is open right now.',
};

function JoinPublic({ contest }: { contest: Contest }) {
  const user = useUser();
  const join = useJoinContest(user.walletAddress);
  const switcher = useSwitchPortfolio();
  const navigate = useNavigate();
  const busy = join.isPending || switcher.isPending;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      <Button
        variant="contained"
        size="small"
        disabled={busy}
        aria-label={`Join ${contest.name}`}
        // Promises, not per-call callbacks: the joined contest leaves this list (it has `me` now),
        // which unmounts this button before a callback could open the contest page.
        onClick={async () => {
          const answer = await join.mutateAsync({ contestId: contest.id }).catch(() => null);
          if (!answer) return;
          await switcher.mutateAsync(answer.walletAddress).catch(() => undefined);
          void navigate(`/contests/${encodeURIComponent(contest.id)}`);
        }}
      >
        Join
      </Button>
      {join.error && (
        <Typography role="alert" variant="caption" color="error">
          {errorMessage(join.error)}
        </Typography>
      )}
    </Stack>
  );
}

function Item({ contest, scope, now }: { contest: Contest; scope: ContestScope; now: number }) {
  const me = contest.me;
  const canJoin = scope === 'public' && !me && contestPhase(contest, now) !== 'ENDED';
  return (
    <ListItem divider sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Stack spacing={0.5} sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/contests/${encodeURIComponent(contest.id)}`}
          variant="subtitle1"
          fontWeight={700}
          noWrap
        >
          {contest.name}
        </Link>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          <StatusChip contest={contest} now={now} />
          {contest.kind === 'CLASS' && <Chip size="small" variant="outlined" label="Class" />}
          {contest.visibility === 'PUBLIC' && (
            <Chip size="small" variant="outlined" label="Public" />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {contest.ownerUsername ? `Hosted by ${contest.ownerUsername} · ` : ''}
          {contest.members} {contest.members === 1 ? 'member' : 'members'} ·{' '}
          {countdownText(contest, now)}
        </Typography>
      </Stack>
      {me && (
        <Stack sx={{ alignItems: 'flex-end' }}>
          <Typography variant="body2" color="text.secondary">
            Your rank
          </Typography>
          <Typography fontWeight={700}>
            {me.rank === null ? '–' : `#${me.rank}`}{' '}
            <Typography
              component="span"
              sx={{ color: percentColor(me.returnPercentage), fontWeight: 600 }}
            >
              {signedPercent(me.returnPercentage)}
            </Typography>
          </Typography>
        </Stack>
      )}
      {canJoin && <JoinPublic contest={contest} />}
    </ListItem>
  );
}

/** One tab of /contests: a page of contests at a time. */
export function ContestList({ scope }: { scope: ContestScope }) {
  const user = useUser();
  const query = useContests(scope, user.walletAddress);
  // A minute is enough for "Ends in 3 d" in a list; the contest page counts seconds.
  const now = useNow(60_000);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) return <Skeleton variant="rounded" height={160} />;
  if (query.error && items.length === 0)
    return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  if (items.length === 0) return <Typography color="text.secondary">{EMPTY[scope]}</Typography>;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined">
        <List
          aria-label={`${scope.charAt(0).toUpperCase()}${scope.slice(1)} contests`}
          disablePadding
        >
          {items.map((c) => (
            <Item key={c.id} contest={c} scope={scope} now={now} />
          ))}
        </List>
      </Paper>
      <LoadMoreButton query={query} />
    </Stack>
  );
}
