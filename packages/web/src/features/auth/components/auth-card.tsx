import { Paper, Stack, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/page-title.tsx';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** The frame of every auth screen: a heading and, when given onSubmit, a form. */
export function AuthCard({ title, subtitle, onSubmit, children }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <Paper
      variant="outlined"
      sx={{ maxWidth: 440, mx: 'auto', mt: { xs: 1, sm: 4 }, p: { xs: 2.5, sm: 4 } }}
    >
      <Typography component="h1" variant="h5" fontWeight={700} gutterBottom>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {subtitle}
        </Typography>
      )}
      {onSubmit ? (
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={onSubmit}
          aria-label={title}
          sx={{ mt: 2 }}
        >
          {children}
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ mt: 2 }}>
          {children}
        </Stack>
      )}
    </Paper>
  );
}
