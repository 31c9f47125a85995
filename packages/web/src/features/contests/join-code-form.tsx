import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

/** A code or a whole join link, as pasted from a chat: the code is its last path segment. */
export function codeFromInput(text: string): string {
  const trimmed = text.trim();
  const match = /\/join\/([^/?#\s]+)/.exec(trimmed);
  return (match?.[1] ?? trimmed).replace(/\s+/g, '');
}

/** Join by code: opens the join page, which shows the rules and the host before joining. */
export function JoinCodeForm() {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = codeFromInput(text);
    if (!code) {
      setError('Enter the code your host gave you, or paste the link');
      return;
    }
    void navigate(`/join/${encodeURIComponent(code)}`);
  };
  return (
    <Stack
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Join by code"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        label="Join code"
        size="small"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        error={Boolean(error)}
        helperText={error}
        slotProps={{
          htmlInput: { maxLength: 200, autoCapitalize: 'characters', spellCheck: false },
        }}
        sx={{ flex: 1, maxWidth: 320 }}
      />
      <Button type="submit" variant="outlined">
        Join
      </Button>
    </Stack>
  );
}
