import type { User } from '@papertrade/domain';
import { findLesson } from '@papertrade/domain/lessons';
import CheckCircle from '@mui/icons-material/CheckCircle';
import {
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { progressOf, useLessonProgress } from '../learn/api/get-lesson-progress.ts';

/** The lessons a teacher picked for the class, with the member's read state (GET /lessons/progress). */
export function ClassLessons({ slugs, user }: { slugs: string[]; user: User }) {
  const progress = useLessonProgress(user.walletAddress);
  const lessons = slugs.map(findLesson).filter((l) => l !== undefined);
  if (lessons.length === 0) return null;
  const isRead = (slug: string) => progressOf(progress.data, slug)?.readAt != null;
  const read = lessons.filter((l) => isRead(l.slug)).length;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="class-lessons-heading">
      <Typography
        id="class-lessons-heading"
        component="h2"
        variant="h6"
        fontWeight={700}
        sx={{ px: 2, pt: 2 }}
      >
        Lessons from your teacher
      </Typography>
      {progress.error ? (
        <Typography variant="body2" color="error" sx={{ px: 2 }}>
          {errorMessage(progress.error)}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
          {progress.data ? `${read} of ${lessons.length} read` : 'Loading what you have read…'}
        </Typography>
      )}
      <List aria-label="Class lessons">
        {lessons.map((lesson) => {
          const done = isRead(lesson.slug);
          return (
            <ListItem key={lesson.slug} disablePadding divider>
              <ListItemButton component={RouterLink} to={`/learn?lesson=${lesson.slug}`}>
                <ListItemText primary={lesson.title} secondary={lesson.summary} />
                {!progress.data ? null : done ? (
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
  );
}
