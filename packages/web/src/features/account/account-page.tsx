import { Button, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { WalletAddressLabel } from '../../components/wallet-address-label.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useThemeMode } from '../../lib/theme-mode.tsx';
import { useUser } from '../auth/api/get-session.ts';

/** A first account page: who you are, your wallet and the theme. Settings come later. */
export default function AccountPage() {
  const user = useUser();
  const { mode, toggle } = useThemeMode();
  const rows: [string, string][] = [
    ['Username', user.username],
    ['Display name', user.displayName],
    ['E-mail', `${user.email}${user.emailVerified ? ' (verified)' : ' (not verified yet)'}`],
    ['Account type', user.accountType],
    ['Member since', formatDateTime(user.createdAt)],
  ];
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6" fontWeight={700} gutterBottom>
          Profile
        </Typography>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          {rows.map(([label, value]) => (
            <Stack key={label} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
              <Typography component="dt" color="text.secondary" sx={{ minWidth: 140 }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value}
              </Typography>
            </Stack>
          ))}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0, sm: 2 }}
            alignItems={{ sm: 'center' }}
          >
            <Typography component="dt" color="text.secondary" sx={{ minWidth: 140 }}>
              Wallet address
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              <WalletAddressLabel address={user.walletAddress} />
            </Typography>
          </Stack>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h2" variant="h6" fontWeight={700} gutterBottom>
          Appearance
        </Typography>
        <FormControlLabel
          control={<Switch checked={mode === 'dark'} onChange={toggle} />}
          label="Dark mode"
        />
      </Paper>
      <Stack direction="row" spacing={1}>
        <Button component={RouterLink} to={`/user?wallet=${user.walletAddress}`} variant="outlined">
          View public profile
        </Button>
        <Button component={RouterLink} to="/logout" color="error" variant="outlined">
          Logout
        </Button>
      </Stack>
    </Stack>
  );
}
