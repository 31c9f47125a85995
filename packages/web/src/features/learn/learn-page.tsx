import type { User } from '@papertrade/domain';
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
  Stack,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.tsx';
import { useUpdateUser } from '../account/api/update-user.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import { LESSONS, lessonSettingKey, type Lesson } from '../../lib/lessons/lesson.ts';
import { tryItHref } from '../../lib/lessons/try-it.ts';

const isRead = (user: User, slug: string) => user.settings[lessonSettingKey(slug)] === true;

function LessonView({ user, lesson }: { user: User; lesson: Lesson }) {
  const update = useUpdateUser(user.walletAddress);
  const read = isRead(user, lesson.slug);
  const index = LESSONS.indexOf(lesson);
  const next = LESSONS[index + 1];
  const { data: assets } = useAllAssets();
  const tryIt = lesson.tryIt ? tryItHref(lesson.tryIt, user.assets, assets) : null;
  usePageTitle(lesson.title);
  return (
    <Stack spacing={2} component="article" aria-labelledby="lesson-title" sx={{ maxWidth: 760 }}>
      <Button component={RouterLink} to="/learn" sx={{ alignSelf: 'flex-start' }}>
        All lessons
      </Button>
      <Typography variant="overline" color="text.secondary">
        Lesson {index + 1} of {LESSONS.length}
      </Typography>
      <Typography id="lesson-title" component="h2" variant="h5" fontWeight={700}>
        {lesson.title}
      </Typography>
      {lesson.sections.map((text) => (
        <Typography key={text.slice(0, 24)} sx={{ lineHeight: 1.7 }}>
          {text}
        </Typography>
      ))}
      {update.error && <Alert severity="error">{errorMessage(update.error)}</Alert>}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {tryIt && (
          <Button component={RouterLink} to={tryIt} variant="contained" color="secondary">
            Try it
          </Button>
        )}
        <Button
          variant={read ? 'outlined' : 'contained'}
          disabled={update.isPending}
          startIcon={read ? <CheckCircle /> : undefined}
          onClick={() =>
            // null removes the key (docs/api.md): unread is the absence of the flag.
            update.mutate({
              key: 'settings',
              updates: { [lessonSettingKey(lesson.slug)]: read ? null : true },
            })
          }
        >
          {read ? 'Mark as unread' : 'Mark as read'}
        </Button>
        {next && (
          <Button component={RouterLink} to={`/learn?lesson=${next.slug}`}>
            Next: {next.title}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** /learn: the lesson list with progress; /learn?lesson=<slug> opens one lesson. */
export default function LearnPage() {
  const user = useUser();
  const [params] = useSearchParams();
  const slug = params.get('lesson');
  const lesson = LESSONS.find((l) => l.slug === slug);
  if (slug && lesson) return <LessonView user={user} lesson={lesson} />;
  const done = LESSONS.filter((l) => isRead(user, l.slug)).length;
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      {slug && (
        <Alert severity="warning">There is no lesson called “{slug}”. Pick one below.</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6" fontWeight={700}>
          Your progress
        </Typography>
        <Typography color="text.secondary" id="progress-label">
          {done} of {LESSONS.length} lessons read
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(done / LESSONS.length) * 100}
          aria-labelledby="progress-label"
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      </Paper>
      <Paper variant="outlined">
        <List aria-label="Lessons" disablePadding>
          {LESSONS.map((l, i) => {
            const read = isRead(user, l.slug);
            return (
              <ListItem key={l.slug} disablePadding divider>
                <ListItemButton component={RouterLink} to={`/learn?lesson=${l.slug}`}>
                  <ListItemText primary={`${i + 1}. ${l.title}`} secondary={l.summary} />
                  {read ? (
                    <Chip size="small" color="success" icon={<CheckCircle />} label="Read" />
                  ) : (
                    <Chip size="small" variant="outlined" label="Unread" />
                  )}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Paper>
    </Stack>
  );
}
