import { formatUsd } from '@papertrade/domain';
import { Box, Button, MobileStepper, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ONBOARDING_STORAGE_KEY } from '../../lib/ui-constants.ts';

function readDone(): boolean {
  try {
    return localStorage.getItem(ONBOARDING_STORAGE_KEY) === 'true';
  } catch {
    return true;
  }
}

function markDone() {
  try {
    localStorage.setItem(ONBOARDING_STORAGE_KEY, 'true');
  } catch {
    // Private mode without storage: it shows again next time, which is harmless.
  }
}

/**
 * First-run introduction (docs/product.md, Onboarding), shown once on /home. A card rather than a
 * modal so it never blocks the page; Skip or finishing stores the flag.
 */
export function OnboardingCard({ startingBalance }: { startingBalance: number }) {
  const [done, setDone] = useState(readDone);
  const [step, setStep] = useState(0);
  const navigate = useNavigate();
  if (done) return null;
  const finish = () => {
    markDone();
    setDone(true);
  };
  const steps = [
    {
      title: 'Welcome to paper trading',
      text: 'Paper trading is practice with pretend money. Prices move like a real market, but nothing you do here costs real money, so you can learn by doing.',
    },
    {
      title: `You have ${formatUsd(startingBalance, 0)} of demo cash`,
      text: 'Your total balance is your cash plus your holdings at today’s prices. You can reset your account with a new starting balance any time from Account.',
    },
    {
      title: 'Place your first order',
      text: 'Open an asset (or press Quick trade), choose Buy, type an amount in dollars and confirm. The order fills at once at the current price.',
    },
  ];
  const current = steps[step]!;
  const last = step === steps.length - 1;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="onboarding-heading"
      sx={{ p: 2, borderColor: 'primary.main' }}
    >
      <Typography id="onboarding-heading" component="h2" variant="h6" fontWeight={700}>
        {current.title}
      </Typography>
      <Typography sx={{ my: 1 }}>{current.text}</Typography>
      <MobileStepper
        variant="dots"
        steps={steps.length}
        position="static"
        activeStep={step}
        sx={{ px: 0, bgcolor: 'transparent' }}
        backButton={
          <Button size="small" onClick={finish}>
            Skip introduction
          </Button>
        }
        nextButton={
          last ? (
            <Stack direction="row" spacing={1}>
              <Button size="small" component={RouterLink} to="/learn" onClick={markDone}>
                Lessons
              </Button>
              <Button
                size="small"
                variant="contained"
                onClick={() => {
                  finish();
                  // Where the first order starts: pick an asset, then Buy.
                  void navigate('/assets');
                }}
              >
                Start trading
              </Button>
            </Stack>
          ) : (
            <Button size="small" variant="contained" onClick={() => setStep(step + 1)}>
              Next
            </Button>
          )
        }
      />
      <Box aria-live="polite" sx={{ position: 'absolute', left: -9999 }}>
        Step {step + 1} of {steps.length}
      </Box>
    </Paper>
  );
}
