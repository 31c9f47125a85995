import type { User } from '@papertrade/domain';
import {
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Switch,
  Typography,
} from '@mui/material';
import { useThemeMode } from '../../lib/theme-mode.tsx';
import { useUpdateUser } from './api/update-user.ts';

/** The settings map key the trade panel may read for its initial unit (USD or SYMBOL). */
export const DEFAULT_UNIT_SETTING = 'defaultTradeUnit';

export function SettingsCard({ user }: { user: User }) {
  const { mode, toggle } = useThemeMode();
  const update = useUpdateUser(user.walletAddress);
  const unit = user.settings[DEFAULT_UNIT_SETTING] === 'SYMBOL' ? 'SYMBOL' : 'USD';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="settings-heading">
      <Typography id="settings-heading" component="h2" variant="h6" fontWeight={700} gutterBottom>
        Settings
      </Typography>
      <FormControlLabel
        control={<Switch checked={mode === 'dark'} onChange={toggle} />}
        label="Dark mode"
      />
      <FormControl sx={{ display: 'block', mt: 1 }}>
        <FormLabel id="unit-label">Default trade amount unit</FormLabel>
        <RadioGroup
          row
          aria-labelledby="unit-label"
          value={unit}
          onChange={(e) =>
            update.mutate({ key: 'settings', updates: { [DEFAULT_UNIT_SETTING]: e.target.value } })
          }
        >
          <FormControlLabel value="USD" control={<Radio />} label="Dollars (USD)" />
          <FormControlLabel value="SYMBOL" control={<Radio />} label="Shares of the asset" />
        </RadioGroup>
      </FormControl>
    </Paper>
  );
}
