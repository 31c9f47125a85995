import { describeTask, type User } from '@papertrade/domain';
import { findLesson } from '@papertrade/domain/lessons';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import {
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useAssignments } from './api/assignments.ts';
import { taskHref, taskState } from './assignment-links.ts';

export const lessonTitle = (slug: string) => findLesson(slug)?.title ?? slug;

/**
 * A class member's assignments as a checklist: each task ticks itself when the server sees it done
 * (docs/pages.md, Contest page). Refetched whenever the member's record changes (a trade, a fill,
 * arriving through /live), so an order placed in another tab ticks its task here.
 */
export function ClassAssignments({ contestId, user }: { contestId: string; user: User }) {
  const query = useAssignments(contestId, user.walletAddress);
  const { data: assets } = useAllAssets();
  const { refetch } = query;
  useEffect(() => {
    void refetch();
  }, [user.version, refetch]);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="assignments-heading">
      <Typography
        id="assignments-heading"
        component="h2"
        variant="h6"
        fontWeight={700}
        sx={{ px: 2, pt: 2 }}
      >
        Assignments
      </Typography>
      {query.isPending ? (
        <Skeleton variant="rounded" height={96} sx={{ m: 2 }} aria-label="Loading assignments" />
      ) : query.error ? (
        <Typography role="alert" variant="body2" color="error" sx={{ px: 2, pb: 2 }}>
          {errorMessage(query.error)}
        </Typography>
      ) : query.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          Your teacher has not set any assignment yet.
        </Typography>
      ) : (
        query.data.map((assignment) => {
          const mine = assignment.progress[0]?.tasks ?? [];
          const done = mine.filter((t) => t.done).length;
          return (
            <Stack key={assignment.id} component="section" aria-label={assignment.title}>
              <Stack sx={{ px: 2, pt: 1.5 }}>
                <Typography component="h3" variant="subtitle1" fontWeight={700}>
                  {assignment.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Due {formatDateTime(assignment.dueAt)} · {done} of {assignment.tasks.length} done
                </Typography>
              </Stack>
              <List aria-label={`${assignment.title} tasks`}>
                {assignment.tasks.map((task, i) => {
                  const state = taskState(mine[i]);
                  const label = describeTask(task, lessonTitle);
                  return (
                    <ListItem key={i} disablePadding divider>
                      <ListItemButton component={RouterLink} to={taskHref(task, assets)}>
                        <ListItemIcon sx={{ minWidth: 36 }}>
                          {state === 'not yet' ? (
                            <RadioButtonUnchecked color="action" />
                          ) : (
                            <CheckCircle color={state === 'late' ? 'warning' : 'success'} />
                          )}
                        </ListItemIcon>
                        <ListItemText
                          primary={label}
                          secondary={
                            mine[i]?.doneAt ? `Done ${formatDateTime(mine[i].doneAt)}` : undefined
                          }
                        />
                        <Chip
                          size="small"
                          variant={state === 'not yet' ? 'outlined' : 'filled'}
                          color={
                            state === 'done' ? 'success' : state === 'late' ? 'warning' : 'default'
                          }
                          label={state === 'done' ? 'Done' : state === 'late' ? 'Late' : 'Not yet'}
                        />
                      </ListItemButton>
                    </ListItem>
                  );
                })}
              </List>
            </Stack>
          );
        })
      )}
    </Paper>
  );
}
