import type { Asset, LimitPosition, User } from '@papertrade/domain';
import { useState } from 'react';
import { useOpenLimitPosition } from '../api/open-limit-position.ts';
import type { TradeSide } from '../api/place-market-order.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import type { TradingRules } from '../../../lib/contest-trading.ts';
import {
  limitCrossedNote,
  limitOrderBody,
  limitPreview,
  limitPricePrefill,
  limitProblem,
} from './limit-order.ts';
import {
  problemField,
  stopOrderBody,
  stopPreview,
  stopProblem,
  type PanelMethod,
  type StopInput,
  type StopProblem,
  type TimeInForceChoice,
  type TrailUnit,
} from './stop-order.ts';

/**
 * The working-order side of the trade panel (limit, stop, stop-limit, trailing stop): its inputs,
 * their checks and the submit. `kind`: the chosen method (MARKET uses none of it).
 */
export function useLimitOrder(side: TradeSide, kind: PanelMethod = 'LIMIT') {
  // Until the user types a limit price, it follows the current price (the prefill).
  const [typedLimit, setTypedLimit] = useState<string | null>(null);
  // A stop-limit's limit starts empty: the current price is on the wrong side of its stop.
  const [stopLimit, setStopLimit] = useState('');
  const [stop, setStop] = useState('');
  const [trail, setTrail] = useState('');
  const [trailUnit, setTrailUnit] = useState<TrailUnit>('PERCENT');
  const [timeInForce, setTimeInForce] = useState<TimeInForceChoice>('GTC');
  const [expiryDate, setExpiryDate] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<StopProblem | null>(null);
  const [placed, setPlaced] = useState<LimitPosition | null>(null);
  const open = useOpenLimitPosition();

  /** Clears the form; with a price, the limit price is prefilled from it and then stays put. */
  const reset = (price?: number) => {
    setTypedLimit(price === undefined ? null : limitPricePrefill(price));
    setStopLimit('');
    setStop('');
    setTrail('');
    setTrailUnit('PERCENT');
    setTimeInForce('GTC');
    setExpiryDate('');
    setAmount('');
    setProblem(null);
    setPlaced(null);
  };

  /** Every edit clears the shown problem and the last confirmation. */
  const edit =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setProblem(null);
      setPlaced(null);
    };
  const stopInput = (asset: Asset): StopInput | null =>
    kind === 'STOP' || kind === 'STOP_LIMIT' || kind === 'TRAILING_STOP'
      ? {
          kind,
          side,
          symbol: asset.symbol,
          currentPrice: asset.currentPrice,
          stopText: stop,
          limitText: stopLimit,
          trailText: trail,
          trailUnit,
          timeInForce,
          expiryDate,
          amountText: amount,
        }
      : null;

  return {
    kind,
    pending: open.isPending,
    amount,
    problem,
    placed,
    reset,
    dismissPlaced: () => setPlaced(null),
    limitText: (asset: Asset) =>
      kind === 'STOP_LIMIT' ? stopLimit : (typedLimit ?? limitPricePrefill(asset.currentPrice)),
    setLimitText: edit((text: string) =>
      kind === 'STOP_LIMIT' ? setStopLimit(text) : setTypedLimit(text),
    ),
    stopText: stop,
    setStopText: edit(setStop),
    trailText: trail,
    setTrailText: edit(setTrail),
    trailUnit,
    setTrailUnit: edit((unit: TrailUnit) => {
      setTrailUnit(unit);
      setTrail('');
    }),
    timeInForce,
    setTimeInForce: edit(setTimeInForce),
    expiryDate,
    setExpiryDate: edit(setExpiryDate),
    setAmount: edit(setAmount),
    preview: (asset: Asset) => {
      const input = stopInput(asset);
      if (input) return stopPreview(input);
      return limitPreview({
        side,
        symbol: asset.symbol,
        currentPrice: asset.currentPrice,
        limitText: typedLimit ?? limitPricePrefill(asset.currentPrice),
        amountText: amount,
      });
    },
    crossedNote: (asset: Asset) =>
      kind !== 'LIMIT'
        ? null
        : limitCrossedNote({
        side,
        currentPrice: asset.currentPrice,
        limitText: typedLimit ?? limitPricePrefill(asset.currentPrice),
      }),
    /** `rules`: the active contest's, so its refusals say what is allowed. */
    submit: (asset: Asset, user: User, rules?: TradingRules | null) => {
      if (open.isPending) return;
      const stops = stopInput(asset);
      if (stops) {
        const found = stopProblem({
          ...stops,
          cash: user.balance,
          held: user.assets[asset.symbol] ?? 0,
          now: Date.now(),
        });
        setProblem(found);
        setPlaced(null);
        if (found) return;
        open.mutate(stopOrderBody({ ...stops, walletAddress: user.walletAddress }), {
          onSuccess: (answer) => {
            setAmount('');
            setStop('');
            setStopLimit('');
            setTrail('');
            setPlaced(answer.limitPosition);
          },
          onError: (e) => {
            const field = problemField(e instanceof ApiError ? e.field : undefined);
            setProblem({ field, message: errorMessage(e, rules) });
          },
        });
        return;
      }
      const input = {
        side,
        symbol: asset.symbol,
        currentPrice: asset.currentPrice,
        limitText: typedLimit ?? limitPricePrefill(asset.currentPrice),
        amountText: amount,
      };
      const found = limitProblem({
        ...input,
        cash: user.balance,
        held: user.assets[asset.symbol] ?? 0,
      });
      setProblem(found);
      setPlaced(null);
      if (found) return;
      open.mutate(limitOrderBody({ ...input, walletAddress: user.walletAddress }), {
        onSuccess: (answer) => {
          setAmount('');
          setTypedLimit(null);
          setPlaced(answer.limitPosition);
        },
        onError: (e) => {
          const onLimit = e instanceof ApiError && e.field === 'limitAsk';
          setProblem({ field: onLimit ? 'limitAsk' : 'amount', message: errorMessage(e, rules) });
        },
      });
    },
  };
}

export type LimitOrderState = ReturnType<typeof useLimitOrder>;
