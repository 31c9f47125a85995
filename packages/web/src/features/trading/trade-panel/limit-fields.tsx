import {
  type TransactionType,
  formatPrice,
  formatShares,
  formatUsd,
  maxAmount,
  type Asset,
  type User,
} from '@papertrade/domain';
import {
  Alert,
  Button,
  InputAdornment,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { toCents, toPriceUnits, toShareUnits } from '../../../lib/portfolio.ts';
import { AmountField } from './amount-field.tsx';
import { allSharesText, maxUsdText, nextAmountText } from './amount-text.ts';
import { BracketSection, LegFields, OrderReview } from './bracket-fields.tsx';
import { ocoHelp } from './bracket-order.ts';
import { PriceField } from './price-field.tsx';
import { Row } from './row.tsx';
import {
  METHOD_LABELS,
  stopHelp,
  TIME_IN_FORCE_HELP,
  TIME_IN_FORCE_LABELS,
  timeInForceChoices,
  type TimeInForceChoice,
  type TrailUnit,
} from './stop-order.ts';
import type { LimitOrderState } from './use-limit-order.ts';

interface LimitFieldsProps {
  limit: LimitOrderState;
  side: TransactionType;
  asset: Asset;
  user: User | null | undefined;
}

/**
 * Limit price, the amount to reserve (dollars to buy, shares to sell), time in force and what
 * placing it does; for a stop, stop-limit or trailing stop also its help and stop or trail; a buy
 * may carry a take-profit and a stop-loss ("Protect this trade"); an OCO sell has both legs.
 */
export function LimitFields({ limit, side, asset, user }: LimitFieldsProps) {
  const kind = limit.kind;
  const sell = side === 'SELL';
  const kindName = kind === 'MARKET' ? 'Limit' : METHOD_LABELS[kind];
  const legs = limit.legsReview(asset);
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
  // An Immediate-or-cancel order that could not fill whole at once is cancelled for the rest as
  // soon as it is placed: say what it got instead of "placed".
  const cut = limit.placed
    ? user?.limitPositions.find(
        (p) => p.positionId === limit.placed?.positionId && p.status === 'CANCELLED',
      )
    : undefined;
  const fillMax = () => {
    if (!user) return;
    // A sell reserves every free share, exactly (no 10-character cut leaving dust).
    if (sell) {
      limit.setAmount(allSharesText(toShareUnits(held)));
      return;
    }
    const max = maxAmount({
      side,
      unit: 'USD',
      cashCents: toCents(user.balance),
      heldShares: toShareUnits(held),
      price: toPriceUnits(asset.currentPrice),
    });
    limit.setAmount(maxUsdText(max));
  };
  return (
    <>
      {(kind === 'STOP' || kind === 'STOP_LIMIT' || kind === 'TRAILING_STOP') && (
        <Typography variant="body2">
          {stopHelp(kind, side, asset.symbol, asset.currentPrice)}
        </Typography>
      )}
      {kind === 'OCO' && (
        <>
          <Typography variant="body2">{ocoHelp(asset.symbol, asset.currentPrice)}</Typography>
          <LegFields limit={limit} asset={asset} bought={false} />
        </>
      )}
      {(kind === 'STOP' || kind === 'STOP_LIMIT') && (
        <PriceField
          label="Stop price"
          field="stopPrice"
          problem={problem}
          value={limit.stopText}
          onChange={limit.setStopText}
          help={
            kind === 'STOP'
              ? sell
                ? 'Sells at the market once the price falls to this.'
                : 'Buys at the market once the price rises to this.'
              : sell
                ? 'Places the limit sell once the price falls to this.'
                : 'Places the limit buy once the price rises to this.'
          }
        />
      )}
      {kind === 'STOP_LIMIT' && (
        <PriceField
          label="Limit price"
          field="limitAsk"
          problem={problem}
          value={limit.limitText(asset)}
          onChange={limit.setLimitText}
          help={sell ? 'Then sells at this price or higher.' : 'Then buys at this price or lower.'}
        />
      )}
      {kind === 'TRAILING_STOP' && (
        <>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={limit.trailUnit}
            onChange={(_, next: TrailUnit | null) => next && limit.setTrailUnit(next)}
            aria-label="Trail unit"
          >
            <ToggleButton value="PERCENT">%</ToggleButton>
            <ToggleButton value="USD">$</ToggleButton>
          </ToggleButtonGroup>
          <PriceField
            label="Trail"
            field="trail"
            problem={problem}
            value={limit.trailText}
            onChange={limit.setTrailText}
            unit={limit.trailUnit}
            help={
              sell
                ? 'How far below the highest price since placing the stop follows.'
                : 'How far above the lowest price since placing the stop follows.'
            }
          />
        </>
      )}
      {kind === 'LIMIT' && (
        <TextField
          label="Limit price"
          value={limit.limitText(asset)}
          onChange={(e) =>
            limit.setLimitText(nextAmountText(e.target.value, limit.limitText(asset)))
          }
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
      )}
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
      {limit.bracketable && <BracketSection limit={limit} asset={asset} />}
      {legs.length > 0 ? (
        <OrderReview lines={preview ? [preview, ...legs] : legs} />
      ) : (
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {preview ??
            (side === 'PURCHASE'
              ? 'Enter the dollars to reserve for this order.'
              : `Enter the ${asset.symbol} to reserve for this order.`)}
        </Typography>
      )}
      {kind !== 'MARKET' && (
        <>
          <TextField
            select
            label="Time in force"
            value={limit.timeInForce}
            onChange={(e) => limit.setTimeInForce(e.target.value as TimeInForceChoice)}
            helperText={TIME_IN_FORCE_HELP[limit.timeInForce]}
            fullWidth
            size="small"
          >
            {timeInForceChoices(kind).map((tif) => (
              <MenuItem key={tif} value={tif}>
                {TIME_IN_FORCE_LABELS[tif]}
              </MenuItem>
            ))}
          </TextField>
          {limit.timeInForce === 'GTD' && (
            <TextField
              type="date"
              label="Expiry date"
              value={limit.expiryDate}
              onChange={(e) => limit.setExpiryDate(e.target.value)}
              error={problem?.field === 'expiresAt'}
              helperText={
                problem?.field === 'expiresAt'
                  ? problem.message
                  : 'The order expires at the end of this day (your time).'
              }
              fullWidth
              slotProps={{
                inputLabel: { shrink: true },
                formHelperText: problem?.field === 'expiresAt' ? { role: 'alert' } : undefined,
              }}
            />
          )}
        </>
      )}
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
            ? `${kindName} order filled${filled.fillPrice === undefined ? '' : ` at $${formatPrice(filled.fillPrice)}`}`
            : cut
              ? cut.filledShares
                ? `${kindName} order filled ${formatShares(cut.filledShares)} ${asset.symbol} at once; the rest was cancelled`
                : `${kindName} order cancelled: nothing could fill at your price right now`
              : `${kindName} order placed${limit.placedLegs ? `; ${limit.placedLegs}` : ''}`}
        </Alert>
      )}
    </>
  );
}
