import { ANNOUNCEMENT_MAX, AnnouncementBody } from '@papertrade/domain';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { usePostAnnouncement } from './api/post-announcement.ts';

/** An announcement to every member (a notification each). */
export function AnnouncementForm({ contestId, wallet }: { contestId: string; wallet: string }) {
  const post = usePostAnnouncement(contestId, wallet);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AnnouncementBody.safeParse({ text });
    setSent(false);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the text');
      return;
    }
    post.mutate(parsed.data.text, {
      onSuccess: () => {
        setText('');
        setSent(true);
      },
      onError: (e) => setProblem(errorMessage(e)),
    });
  };
  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={1.5} aria-label="Announcement">
      <Typography component="h3" variant="subtitle1" fontWeight={700}>
        Announcement
      </Typography>
      <TextField
        label="Message to every member"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
        multiline
        minRows={2}
        error={Boolean(problem)}
        helperText={problem ?? `${text.length} / ${ANNOUNCEMENT_MAX}`}
        slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_MAX } }}
      />
      {sent && <Alert severity="success">Sent to every member as a notification.</Alert>}
      <Button
        type="submit"
        variant="outlined"
        disabled={post.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Send announcement
      </Button>
    </Stack>
  );
}
