import { formatExactPrice, type AlertDirection, type Asset } from '@papertrade/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useCreateAlert } from '../alerts/api/create-alert.ts';
import { levelError, levelValue, suggestedLevel } from './alert-level.ts';

/**
 * Sets a price alert on this asset: above or below, the level prefilled 5% away from the current
 * price. Problems show under the price field, checked as the server checks them; what only the
 * server knows (the 50-alert limit) shows above the buttons. Mounted only while open, so each
 * opening starts from the price of that moment.
 */
export function AlertDialog({
  asset,
  name,
  wallet,
  onClose,
  onCreated,
}: {
  asset: Asset;
  name: string;
  wallet: string;
  onClose: () => void;
  onCreated: (message: string) => void;
}) {
  const [direction, setDirection] = useState<AlertDirection>('ABOVE');
  const [text, setText] = useState(() => suggestedLevel(asset.currentPrice, 'ABOVE'));
  const [edited, setEdited] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; onField: boolean }>();
  const create = useCreateAlert(wallet);

  const fieldError = touched ? levelError(text, direction, asset.currentPrice, asset.symbol) : null;
  const shownUnderField = fieldError ?? (serverError?.onField ? serverError.message : null);

  function choose(next: AlertDirection) {
    setDirection(next);
    setServerError(undefined);
    // A level the user typed stays; the suggestion follows the side.
    if (!edited) setText(suggestedLevel(asset.currentPrice, next));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setServerError(undefined);
    if (levelError(text, direction, asset.currentPrice, asset.symbol)) return;
    const level = levelValue(text);
    try {
      await create.mutateAsync({
        symbol: asset.symbol,
        ...(direction === 'ABOVE' ? { above: level } : { below: level }),
      });
      onCreated(
        `Alert set: ${asset.symbol} ${direction === 'ABOVE' ? 'above' : 'below'} $${formatExactPrice(level)}`,
      );
    } catch (error) {
      const onField =
        error instanceof ApiError && (error.field === 'above' || error.field === 'below');
      setServerError({
        message: error instanceof Error ? error.message : 'Something went wrong. Please try again.',
        onField,
      });
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="alert-dialog-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="alert-dialog-title">Price alert for {name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {asset.symbol} is at ${formatExactPrice(asset.currentPrice)} now. You get one
              notification, the first time the price reaches your level.
            </Typography>
            <FormControl>
              <FormLabel id="alert-direction-label">Notify me when the price is</FormLabel>
              <RadioGroup
                row
                aria-labelledby="alert-direction-label"
                value={direction}
                onChange={(e) => choose(e.target.value === 'BELOW' ? 'BELOW' : 'ABOVE')}
              >
                <FormControlLabel value="ABOVE" control={<Radio />} label="At or above" />
                <FormControlLabel value="BELOW" control={<Radio />} label="At or below" />
              </RadioGroup>
            </FormControl>
            <TextField
              label="Alert price"
              value={text}
              autoFocus
              required
              onChange={(e) => {
                setText(e.target.value);
                setEdited(true);
                setServerError(undefined);
              }}
              onBlur={() => setTouched(true)}
              error={shownUnderField !== null}
              helperText={shownUnderField ?? 'In US dollars, up to 8 decimals'}
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 20 },
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
              }}
            />
            {serverError && !serverError.onField && (
              <Alert severity="error">{serverError.message}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Set alert
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
