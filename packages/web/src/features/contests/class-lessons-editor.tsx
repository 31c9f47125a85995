import type { Contest } from '@papertrade/domain';
import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useUpdateContest } from './api/update-contest.ts';
import { LessonPicker } from './lesson-picker.tsx';

/** The owner of a class picks its lessons (PATCH {lessons}). */
export function ClassLessonsEditor({ contest, wallet }: { contest: Contest; wallet: string }) {
  const update = useUpdateContest(contest.id, wallet);
  const [lessons, setLessons] = useState(contest.lessons);
  const changed = lessons.join() !== contest.lessons.join();
  return (
    <Stack spacing={1.5}>
      <LessonPicker value={lessons} onChange={setLessons} />
      {update.error && <Alert severity="error">{errorMessage(update.error)}</Alert>}
      <Button
        variant="outlined"
        disabled={!changed || update.isPending}
        onClick={() => update.mutate({ lessons })}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save lessons
      </Button>
    </Stack>
  );
}
