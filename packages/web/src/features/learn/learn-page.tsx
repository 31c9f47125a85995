import type { LessonProgress, User } from '@papertrade/domain';
import { LESSONS, type Lesson } from '@papertrade/domain/lessons';
import {
  Alert,
  Button,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.tsx';
import { useUser } from '../../lib/api/get-session.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import { tryItHref } from '../../lib/lessons/try-it.ts';
import { progressOf, useLessonProgress } from './api/get-lesson-progress.ts';
import { useMarkLessonRead } from './api/mark-lesson-read.ts';
import { LessonQuiz } from './lesson-quiz.tsx';
import { BookWalkTry } from './book-walk-try.tsx';

const isRead = (progress: LessonProgress | undefined) => progress?.readAt != null;

function ProgressError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}

function LessonView({ user, lesson }: { user: User; lesson: Lesson }) {
  const progressList = useLessonProgress(user.walletAddress);
  const progress = progressOf(progressList.data, lesson.slug);
  const mark = useMarkLessonRead(user.walletAddress, lesson.slug);
  const read = isRead(progress);
  const index = LESSONS.indexOf(lesson);
  const next = LESSONS[index + 1];
  const { data: assets } = useAllAssets();
  // The liquidity lesson places its order here (BookWalkTry); the others open the trade panel.
  const tryIt =
    lesson.tryIt && lesson.tryIt !== 'BOOK_WALK'
      ? tryItHref(lesson.tryIt, user.assets, assets)
      : null;
  usePageTitle(lesson.title);
  return (
    <Stack spacing={2} component="article" aria-labelledby="lesson-title" sx={{ maxWidth: 760 }}>
      <Button component={RouterLink} to="/learn" sx={{ alignSelf: 'flex-start' }}>
        All lessons
      </Button>
      <Typography variant="overline" color="text.secondary">
        Lesson {index + 1} of {LESSONS.length} · about {lesson.minutes} min
      </Typography>
      <Typography id="lesson-title" component="h2" variant="h5" fontWeight={700}>
        {lesson.title}
      </Typography>
      {lesson.sections.map((text) => (
        <Typography key={text.slice(0, 24)} sx={{ lineHeight: 1.7 }}>
          {text}
        </Typography>
      ))}
      {lesson.tryIt === 'BOOK_WALK' && <BookWalkTry user={user} />}
      {progressList.error && (
        <ProgressError error={progressList.error} onRetry={() => void progressList.refetch()} />
      )}
      {mark.error && <Alert severity="error">{errorMessage(mark.error)}</Alert>}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {tryIt && (
          <Button component={RouterLink} to={tryIt} variant="contained" color="secondary">
            Try it
          </Button>
        )}
        <Button
          variant={read ? 'outlined' : 'contained'}
          // Until the progress is known, a click could only guess which way to flip it.
          disabled={mark.isPending || progressList.isPending}
          startIcon={read ? <CheckCircle /> : undefined}
          onClick={() => mark.mutate(!read)}
        >
          {read ? 'Mark as unread' : 'Mark as read'}
        </Button>
      </Stack>
      <LessonQuiz slug={lesson.slug} wallet={user.walletAddress} progress={progress} />
      {next && (
        <Button
          component={RouterLink}
          to={`/learn?lesson=${next.slug}`}
          sx={{ alignSelf: 'flex-start' }}
        >
          Next: {next.title}
        </Button>
      )}
    </Stack>
  );
}

function LessonStatus({ progress }: { progress: LessonProgress | undefined }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0, ml: 1, flexWrap: 'wrap', gap: 0.5 }}>
      {progress && progress.attempts > 0 && progress.total !== null && (
        <Chip
          size="small"
          variant="outlined"
          label={`Quiz ${progress.bestScore}/${progress.total}`}
          aria-label={`Best quiz score ${progress.bestScore} of ${progress.total}`}
        />
      )}
      {isRead(progress) ? (
        <Chip size="small" color="success" icon={<CheckCircle />} label="Read" />
      ) : (
        <Chip size="small" variant="outlined" label="Unread" />
      )}
    </Stack>
  );
}

/** /learn: the lesson list with progress; /learn?lesson=<slug> opens one lesson and its quiz. */
export default function LearnPage() {
  const user = useUser();
  const [params] = useSearchParams();
  const progressList = useLessonProgress(user.walletAddress);
  const slug = params.get('lesson');
  const lesson = LESSONS.find((l) => l.slug === slug);
  if (slug && lesson) return <LessonView user={user} lesson={lesson} />;
  const done = LESSONS.filter((l) => isRead(progressOf(progressList.data, l.slug))).length;
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      {slug && (
        <Alert severity="warning">There is no lesson called “{slug}”. Pick one below.</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6" fontWeight={700}>
          Your progress
        </Typography>
        {progressList.error ? (
          <ProgressError error={progressList.error} onRetry={() => void progressList.refetch()} />
        ) : progressList.isPending ? (
          <Stack aria-busy="true" aria-label="Loading your progress">
            <Skeleton variant="text" width={160} />
            <Skeleton variant="rounded" height={8} sx={{ mt: 1 }} />
          </Stack>
        ) : (
          <>
            <Typography color="text.secondary" id="progress-label">
              {done} of {LESSONS.length} lessons read
            </Typography>
            <LinearProgress
              variant="determinate"
              value={(done / LESSONS.length) * 100}
              aria-labelledby="progress-label"
              sx={{ mt: 1, height: 8, borderRadius: 4 }}
            />
          </>
        )}
      </Paper>
      <Paper variant="outlined">
        <List aria-label="Lessons" disablePadding>
          {LESSONS.map((l, i) => (
            <ListItem key={l.slug} disablePadding divider>
              <ListItemButton component={RouterLink} to={`/learn?lesson=${l.slug}`}>
                <ListItemText
                  primary={`${i + 1}. ${l.title}`}
                  secondary={`${l.summary} About ${l.minutes} min, with a quiz.`}
                />
                {progressList.data && (
                  <LessonStatus progress={progressOf(progressList.data, l.slug)} />
                )}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}
