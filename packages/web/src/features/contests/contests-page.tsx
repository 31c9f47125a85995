import { ContestScope } from '@papertrade/domain';
import Add from '@mui/icons-material/Add';
import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ContestList } from './contest-list.tsx';
import { JoinCodeForm } from './join-code-form.tsx';

const CreateContestDialog = lazy(() => import('./create-contest-dialog.tsx'));

const TABS: { value: ContestScope; label: string }[] = [
  { value: 'joined', label: 'Joined' },
  { value: 'owned', label: 'Owned' },
  { value: 'public', label: 'Public' },
];

/**
 * /contests?tab=joined|owned|public: the contests you are in, the ones you host and the public
 * ones to browse; join by code; Create.
 */
export default function ContestsPage() {
  const [params, setParams] = useSearchParams();
  const parsed = ContestScope.safeParse(params.get('tab'));
  const scope = parsed.success ? parsed.data : 'joined';
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box>
            <Typography component="h2" variant="h6" fontWeight={700}>
              Trade together
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Each contest gives you a separate portfolio with the same starting money as everyone
              else, ranked by return.
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setCreating(true)}
            sx={{ flexShrink: 0 }}
          >
            Create
          </Button>
        </Stack>
        <Box sx={{ mt: 2 }}>
          <JoinCodeForm />
        </Box>
      </Paper>
      <Tabs
        value={scope}
        onChange={(_, v: ContestScope) =>
          setParams(v === 'joined' ? {} : { tab: v }, { replace: true })
        }
        aria-label="Contest lists"
      >
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} />
        ))}
      </Tabs>
      <ContestList key={scope} scope={scope} />
      {creating && (
        <Suspense fallback={null}>
          <CreateContestDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
