import {
  type TransactionType,
  formatPrice,
  formatShares,
  formatUsd,
  maxAmount,
  type Asset,
  type User,
} from '@papertrade/domain';
import { Alert, Button, InputAdornment, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { toCents, toPriceUnits, toShareUnits } from '../../lib/portfolio.ts';
import { AmountField } from './amount-field.tsx';
import { amountText, nextAmountText } from './amount-text.ts';
import { Row } from './row.tsx';
import type { LimitOrderState } from './use-limit-order.ts';

interface LimitFieldsProps {
  limit: LimitOrderState;
  side: TransactionType;
  asset: Asset;
  user: User | null | undefined;
}

/** Limit price, the amount to reserve (dollars to buy, shares to sell) and what placing it does. */
export function LimitFields({ limit, side, asset, user }: LimitFieldsProps) {
  const held = user?.assets[asset.symbol] ?? 0;
  const preview = limit.preview(asset);
  const problem = limit.problem;
  const crossed = limit.crossedNote(asset);
  // The live user shows when the order just placed fills (a crossed limit does at the next tick).
  const filled = limit.placed
    ? user?.limitPositions.find(
        (p) => p.positionId === limit.placed?.positionId && p.status === 'FILLED',
      )
    : undefined;
  const fillMax = () => {
    if (!user) return;
    const max = maxAmount({
      side,
      unit: side === 'PURCHASE' ? 'USD' : 'SYMBOL',
      cashCents: toCents(user.balance),
      heldShares: toShareUnits(held),
      price: toPriceUnits(asset.currentPrice),
    });
    limit.setAmount(amountText(max));
  };
  return (
    <>
      <TextField
        label="Limit price"
        value={limit.limitText(asset)}
        onChange={(e) => limit.setLimitText(nextAmountText(e.target.value, limit.limitText(asset)))}
        error={problem?.field === 'limitAsk'}
        helperText={
          problem?.field === 'limitAsk'
            ? problem.message
            : side === 'PURCHASE'
              ? 'Buys when the price is at or below this.'
              : 'Sells when the price is at or above this.'
        }
        fullWidth
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { maxLength: 10, inputMode: 'decimal', autoComplete: 'off' },
          formHelperText: problem?.field === 'limitAsk' ? { role: 'alert' } : undefined,
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      <AmountField
        symbol={asset.symbol}
        unit={side === 'PURCHASE' ? 'USD' : 'SYMBOL'}
        onUnitChange={() => undefined}
        unitLocked
        amount={limit.amount}
        onAmountChange={limit.setAmount}
        onMax={fillMax}
        error={problem?.field === 'amount' ? problem.message : null}
      />
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {preview ??
          (side === 'PURCHASE'
            ? 'Enter the dollars to reserve for this order.'
            : `Enter the ${asset.symbol} to reserve for this order.`)}
      </Typography>
      {crossed && (
        <Alert severity="info" role="note">
          {crossed}
        </Alert>
      )}
      {user && side === 'PURCHASE' && <Row label="Buying power" value={formatUsd(user.balance)} />}
      {user && <Row label="You own" value={`${formatShares(held)} ${asset.symbol}`} />}
      {limit.placed && (
        <Alert
          severity="success"
          role="status"
          action={
            <Button
              component={RouterLink}
              to={
                filled?.transactionId
                  ? `/transaction?id=${encodeURIComponent(filled.transactionId)}`
                  : '/order'
              }
              color="inherit"
              size="small"
            >
              {filled?.transactionId ? 'View' : 'View orders'}
            </Button>
          }
        >
          {filled
            ? `Limit order filled${filled.fillPrice === undefined ? '' : ` at $${formatPrice(filled.fillPrice)}`}`
            : 'Limit order placed'}
        </Alert>
      )}
    </>
  );
}
