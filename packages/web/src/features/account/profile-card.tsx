import { AccountType, DisplayName, Username, type User } from '@papertrade/domain';
import { Alert, Avatar, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { useUpdateUser, type UpdatableKey } from './api/update-user.ts';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, useUploadAvatar } from './api/upload-avatar.ts';

const TYPE_LABELS: Record<AccountType, string> = {
  PERSONAL: 'Personal',
  DEMO: 'Demo',
  STUDENT: 'Student',
  TEACHER: 'Teacher',
};

function firstIssue(schema: typeof Username, value: string) {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** Avatar, username, display name and account type; each is its own PUT /update-user key. */
export function ProfileCard({ user }: { user: User }) {
  const update = useUpdateUser(user.walletAddress);
  const upload = useUploadAvatar(user.walletAddress);
  const fileInput = useRef<HTMLInputElement>(null);
  const [avatarError, setAvatarError] = useState<string>();
  const [username, setUsername] = useState(user.username);
  const [displayName, setDisplayName] = useState(user.displayName);
  const [accountType, setAccountType] = useState<AccountType>(user.accountType);
  const [saved, setSaved] = useState(false);
  const usernameError = firstIssue(Username, username);
  const displayNameError = firstIssue(DisplayName, displayName);

  async function onFile(file: File | undefined) {
    setAvatarError(undefined);
    if (!file) return;
    // The server is the judge of content; these checks only save a pointless upload.
    if (file.size > AVATAR_MAX_BYTES) {
      setAvatarError('The picture is larger than 2 MB. Choose a smaller PNG, JPEG or WebP image.');
      return;
    }
    try {
      const url = await upload.mutateAsync(file);
      await update.mutateAsync({ key: 'avatar', updates: url });
    } catch (error) {
      setAvatarError(errorMessage(error));
    }
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    if (usernameError || displayNameError) return;
    const changes: [UpdatableKey, string][] = [];
    if (username !== user.username) changes.push(['username', username]);
    if (displayName.trim() !== user.displayName) changes.push(['displayName', displayName.trim()]);
    if (accountType !== user.accountType) changes.push(['accountType', accountType]);
    try {
      for (const [key, updates] of changes) await update.mutateAsync({ key, updates });
      setSaved(true);
    } catch {
      // shown from update.error
    }
  }

  const busy = upload.isPending || update.isPending;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="profile-heading">
      <Typography id="profile-heading" component="h2" variant="h6" fontWeight={700} gutterBottom>
        Profile
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <Avatar src={user.avatar ?? undefined} alt="Your avatar" sx={{ width: 72, height: 72 }}>
          {user.username.charAt(0).toUpperCase()}
        </Avatar>
        <Stack spacing={1} alignItems="flex-start">
          <input
            ref={fileInput}
            id="avatar-file"
            type="file"
            accept={AVATAR_TYPES.join(',')}
            hidden
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button variant="outlined" disabled={busy} onClick={() => fileInput.current?.click()}>
            {upload.isPending ? 'Uploading…' : 'Upload avatar'}
          </Button>
          {user.avatar && (
            <Button
              size="small"
              color="inherit"
              disabled={busy}
              onClick={() => update.mutate({ key: 'avatar', updates: null })}
            >
              Remove avatar
            </Button>
          )}
          <Typography variant="caption" color="text.secondary">
            PNG, JPEG or WebP, at most 2 MB.
          </Typography>
        </Stack>
      </Stack>
      {avatarError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {avatarError}
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={(e) => void onSave(e)} noValidate>
        <TextField
          label="Username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          error={Boolean(usernameError)}
          helperText={usernameError ?? '3–20 letters, digits, _ and .'}
          slotProps={{ htmlInput: { maxLength: 20, autoComplete: 'username' } }}
        />
        <TextField
          label="Display name"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          error={Boolean(displayNameError)}
          helperText={displayNameError ?? 'Shown on your public profile.'}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <TextField
          select
          label="Account type"
          value={accountType}
          onChange={(e) => setAccountType(e.target.value as AccountType)}
          slotProps={{ select: { native: true } }}
        >
          {AccountType.options.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </TextField>
        {update.error && !avatarError && (
          <Alert severity="error">{errorMessage(update.error)}</Alert>
        )}
        {saved && <Alert severity="success">Profile saved.</Alert>}
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          Save profile
        </Button>
      </Stack>
    </Paper>
  );
}
