import type { LimitPosition } from '@papertrade/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useModifyLimitPosition } from '../trading/api/modify-limit-position.ts';
import { TradingIn } from '../trading/index.ts';
import {
  currentText,
  FIELD_LABELS,
  modifiableFields,
  modifyChanges,
  modifyFieldError,
  type ModifyField,
  type ModifyTexts,
} from './modify-order.ts';
import { orderLine, orderTypeText } from './order-lines.ts';

/**
 * Changes a working order's price or amount (PUT /limit-position; the order keeps its id and its
 * place). Mounted only while open, so each opening starts from the order as it is then. Field
 * errors show under the field, the server's too when it names one.
 */
export function ModifyOrderDialog({
  order,
  wallet,
  onClose,
  onDone,
}: {
  order: LimitPosition;
  wallet: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const fields = modifiableFields(order);
  const [texts, setTexts] = useState<ModifyTexts>(() =>
    Object.fromEntries(fields.map((f) => [f, currentText(order, f)])),
  );
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; field?: string }>();
  const modify = useModifyLimitPosition();
  const errorOf = (f: ModifyField) =>
    (touched ? modifyFieldError(f, texts[f] ?? '') : null) ??
    (serverError?.field === f ? serverError.message : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setServerError(undefined);
    if (fields.some((f) => modifyFieldError(f, texts[f] ?? '') !== null)) return;
    const changes = modifyChanges(order, texts);
    if (!changes) {
      onClose();
      return;
    }
    try {
      const answer = await modify.mutateAsync({
        positionId: order.positionId,
        walletAddress: wallet,
        ...changes,
      });
      onDone(`Order changed: ${orderLine(answer.limitPosition).label}`);
    } catch (error) {
      const field =
        error instanceof ApiError && error.field && fields.includes(error.field as ModifyField)
          ? error.field
          : undefined;
      setServerError({
        message: error instanceof Error ? error.message : 'Something went wrong. Please try again.',
        field,
      });
    }
  }

  const title = `Modify ${orderTypeText(order).toLowerCase()} ${order.symbol}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="modify-order-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="modify-order-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TradingIn />
            {order.orderType === 'TRAILING_STOP' && (
              <Typography variant="body2" color="text.secondary">
                A trailing stop’s price follows the market. To change the trail, cancel it and place
                a new one.
              </Typography>
            )}
            {fields.map((f, i) => {
              const error = errorOf(f);
              const dollars = f !== 'sellAsk';
              return (
                <TextField
                  key={f}
                  label={FIELD_LABELS[f]}
                  value={texts[f] ?? ''}
                  autoFocus={i === 0}
                  required
                  onChange={(e) => {
                    setTexts((t) => ({ ...t, [f]: e.target.value }));
                    setServerError(undefined);
                  }}
                  error={error !== null}
                  helperText={
                    error ??
                    (f === 'purchaseAsk'
                      ? 'In US dollars, reserved until it fills'
                      : f === 'sellAsk'
                        ? `${order.symbol}, reserved until it fills`
                        : 'In US dollars')
                  }
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 20 },
                    input: dollars
                      ? { startAdornment: <InputAdornment position="start">$</InputAdornment> }
                      : {
                          endAdornment: (
                            <InputAdornment position="end">{order.symbol}</InputAdornment>
                          ),
                        },
                  }}
                />
              );
            })}
            {serverError && !serverError.field && (
              <Alert severity="error">{serverError.message}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Keep as is</Button>
          <Button type="submit" variant="contained" disabled={modify.isPending}>
            Save changes
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
