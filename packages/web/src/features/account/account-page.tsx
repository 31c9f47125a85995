import { Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { WalletAddressLabel } from '../../components/wallet-address-label.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { AlertsCard } from './alerts-card.tsx';
import { ApiKeysCard } from './api-keys-card.tsx';
import { DangerZone } from './danger-zone.tsx';
import { ProfileCard } from './profile-card.tsx';
import { RealismCard } from './realism-card.tsx';
import { SecurityCard } from './security-card.tsx';
import { SettingsCard } from './settings-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/** /account: profile, settings, credentials, reset and delete (docs/pages.md). */
export default function AccountPage() {
  const user = useUser();
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <ProfileCard user={user} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Typography color="text.secondary">Wallet address</Typography>
          <WalletAddressLabel address={user.walletAddress} />
          <Typography color="text.secondary">
            Member since {formatDateTime(user.createdAt)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button component={RouterLink} to="/preview" variant="outlined">
              See how others see you
            </Button>
            <Button component={RouterLink} to="/logout" variant="outlined">
              Logout
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <SettingsCard user={user} />
      <RealismCard user={user} />
      <AlertsCard wallet={user.walletAddress} latestNotification={user.notifications[0]?.id} />
      <ApiKeysCard wallet={user.walletAddress} />
      <SecurityCard user={user} />
      <TwoFactorCard user={user} />
      <DangerZone user={user} />
    </Stack>
  );
}
