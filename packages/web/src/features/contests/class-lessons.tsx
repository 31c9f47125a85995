import type { User } from '@papertrade/domain';
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
import { findLesson, isLessonRead } from '../../lib/lessons/lesson.ts';

/** The lessons a teacher picked for the class, with the member's read state (user.settings). */
export function ClassLessons({ slugs, user }: { slugs: string[]; user: User }) {
  const lessons = slugs.map(findLesson).filter((l) => l !== undefined);
  if (lessons.length === 0) return null;
  const read = lessons.filter((l) => isLessonRead(user.settings, l.slug)).length;
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
      <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
        {read} of {lessons.length} read
      </Typography>
      <List aria-label="Class lessons">
        {lessons.map((lesson) => {
          const done = isLessonRead(user.settings, lesson.slug);
          return (
            <ListItem key={lesson.slug} disablePadding divider>
              <ListItemButton component={RouterLink} to={`/learn?lesson=${lesson.slug}`}>
                <ListItemText primary={lesson.title} secondary={lesson.summary} />
                {done ? (
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
