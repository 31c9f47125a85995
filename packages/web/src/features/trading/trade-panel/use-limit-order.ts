import type { Asset, LimitPosition, OpenLimitBody, User } from '@papertrade/domain';
import { useState } from 'react';
import { useOpenLimitPosition } from '../api/open-limit-position.ts';
import type { TradeSide } from '../api/place-market-order.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import type { TradingRules } from '../../../lib/contest-trading.ts';
import type { ProtectLeg } from '../../../lib/trade-link.ts';
import {
  bracketEntry,
  hasLegs,
  legsOf,
  legsProblem,
  legsReview,
  ocoOrderBody,
  ocoPreview,
  ocoProblem,
  type LegsInput,
  type OcoInput,
  type StopLossUnit,
} from './bracket-order.ts';
import {
  limitCrossedNote,
  limitOrderBody,
  limitPreview,
  limitPricePrefill,
  limitProblem,
  type LimitInput,
} from './limit-order.ts';
import {
  BRACKET_METHODS,
  problemField,
  stopOrderBody,
  stopPreview,
  stopProblem,
  type PanelMethod,
  type StopField,
  type StopInput,
  type StopProblem,
  type TimeInForceChoice,
  type TrailUnit,
} from './stop-order.ts';

export interface LimitOrderOptions {
  /** A "Try it" link's leg: the bracket section starts open on it (a trail starts in %). */
  protect?: ProtectLeg;
  /** False when a contest's rules leave out OCO, which a bracket's legs are. */
  bracketAllowed?: boolean;
}

/**
 * The working-order side of the trade panel (limit, stop, stop-limit, trailing stop, a buy's
 * take-profit and stop-loss, an OCO sell): its inputs, their checks and the submit. `kind`: the
 * chosen method (MARKET uses none of it).
 */
export function useLimitOrder(
  side: TradeSide,
  kind: PanelMethod = 'LIMIT',
  { protect, bracketAllowed = true }: LimitOrderOptions = {},
) {
  // Until the user types a limit price (or places an order at one), it follows the current price.
  const [typedLimit, setTypedLimit] = useState<string | null>(null);
  // A stop-limit's limit starts empty: the current price is on the wrong side of its stop.
  const [stopLimit, setStopLimit] = useState('');
  const [stop, setStop] = useState('');
  const [trail, setTrail] = useState('');
  const [trailUnit, setTrailUnit] = useState<TrailUnit>('PERCENT');
  const [timeInForce, setTimeInForce] = useState<TimeInForceChoice>('GTC');
  const [expiryDate, setExpiryDate] = useState('');
  const [amount, setAmount] = useState('');
  // A buy's bracket (take-profit and stop-loss, each optional) and an OCO sell's two legs.
  const [bracketOpen, setBracketOpen] = useState(protect !== undefined);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [stopLossUnit, setStopLossUnit] = useState<StopLossUnit>(
    protect === 'trail' ? 'PERCENT' : 'PRICE',
  );
  const [problem, setProblem] = useState<StopProblem | null>(null);
  const [placed, setPlaced] = useState<LimitPosition | null>(null);
  // What the confirmation adds for a buy placed with a bracket: which legs wait for its fill.
  const [placedLegs, setPlacedLegs] = useState<string | null>(null);
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
    setTakeProfit('');
    setStopLoss('');
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
  const limitText = (asset: Asset) =>
    kind === 'STOP_LIMIT' ? stopLimit : (typedLimit ?? limitPricePrefill(asset.currentPrice));
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
  const limitInput = (asset: Asset): LimitInput => ({
    side,
    symbol: asset.symbol,
    currentPrice: asset.currentPrice,
    limitText: limitText(asset),
    amountText: amount,
    timeInForce,
    expiryDate,
  });
  const legsInput: LegsInput = { takeProfitText: takeProfit, stopLossText: stopLoss, stopLossUnit };
  const ocoInput = (asset: Asset): OcoInput => ({
    ...legsInput,
    symbol: asset.symbol,
    currentPrice: asset.currentPrice,
    amountText: amount,
    timeInForce,
    expiryDate,
  });
  /** A buy of a kind that takes a bracket, allowed here. */
  const bracketable = side === 'PURCHASE' && bracketAllowed && BRACKET_METHODS.includes(kind);
  /** The bracket the order carries: the section open with a leg typed. */
  const attached = bracketable && bracketOpen && hasLegs(legsOf(legsInput));

  /** The fields the form shows now: a server refusal naming another goes under the amount. */
  const shownFields = (): StopField[] => {
    const fields: StopField[] = ['amount', 'expiresAt'];
    if (kind === 'LIMIT' || kind === 'STOP_LIMIT') fields.push('limitAsk');
    if (kind === 'STOP' || kind === 'STOP_LIMIT') fields.push('stopPrice');
    if (kind === 'TRAILING_STOP') fields.push('trail');
    if (kind === 'OCO' || (bracketable && bracketOpen)) fields.push('takeProfit', 'stopLoss');
    return fields;
  };

  /** The checks and the body of what the form places now. */
  const request = (
    asset: Asset,
    user: User,
  ): { problem: StopProblem | null; body: OpenLimitBody } => {
    const held = user.assets[asset.symbol] ?? 0;
    const now = Date.now();
    const wallet = { walletAddress: user.walletAddress };
    if (kind === 'OCO') {
      const input = ocoInput(asset);
      return {
        problem: ocoProblem({ ...input, held, now }),
        body: ocoOrderBody({ ...input, ...wallet }),
      };
    }
    const stops = stopInput(asset);
    const base = stops
      ? {
          problem: stopProblem({ ...stops, cash: user.balance, held, now }),
          body: stopOrderBody({ ...stops, ...wallet }),
        }
      : {
          problem: limitProblem({ ...limitInput(asset), cash: user.balance, held, now }),
          body: limitOrderBody({ ...limitInput(asset), ...wallet }),
        };
    if (!attached || kind === 'MARKET') return base;
    const entry = bracketEntry(kind, {
      limitText: limitText(asset),
      stopText: stop,
      currentPrice: asset.currentPrice,
      trailText: trail,
      trailUnit,
    });
    return {
      problem: base.problem ?? legsProblem({ ...legsInput, ...entry, both: false }),
      body: { ...base.body, attached: legsOf(legsInput) },
    };
  };

  return {
    kind,
    pending: open.isPending,
    amount,
    problem,
    placed,
    /** "its take-profit and stop-loss start once it fills", after a buy placed with a bracket. */
    placedLegs,
    reset,
    dismissPlaced: () => setPlaced(null),
    limitText,
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
    bracketable,
    bracketOpen,
    setBracketOpen: edit(setBracketOpen),
    takeProfitText: takeProfit,
    setTakeProfitText: edit(setTakeProfit),
    stopLossText: stopLoss,
    setStopLossText: edit(setStopLoss),
    stopLossUnit,
    setStopLossUnit: edit((unit: StopLossUnit) => {
      setStopLossUnit(unit);
      setStopLoss('');
    }),
    preview: (asset: Asset) => {
      if (kind === 'OCO') return ocoPreview(asset.symbol, amount);
      const input = stopInput(asset);
      if (input) return stopPreview(input);
      return limitPreview(limitInput(asset));
    },
    /** The legs in words, for the review: an OCO pair's, or the bracket a buy carries. */
    legsReview: (asset: Asset): string[] =>
      kind === 'OCO' || attached ? legsReview(legsOf(legsInput), asset.symbol, kind !== 'OCO') : [],
    crossedNote: (asset: Asset) =>
      kind !== 'LIMIT'
        ? null
        : limitCrossedNote({
            side,
            currentPrice: asset.currentPrice,
            limitText: limitText(asset),
          }),
    /** `rules`: the active contest's, so its refusals say what is allowed. */
    submit: (
      asset: Asset,
      user: User,
      rules?: TradingRules | null,
      withNote: {
        note?: string | undefined;
        onNoteError?: (message: string) => void;
        onPlaced?: () => void;
      } = {},
    ) => {
      if (open.isPending) return;
      const { problem: found, body: terms } = request(asset, user);
      const body = withNote.note ? { ...terms, note: withNote.note } : terms;
      const sentLimit = limitText(asset);
      setProblem(found);
      setPlaced(null);
      if (found) return;
      const legs = body.attached;
      const legNames = [legs?.takeProfit && 'take-profit', legs?.stopLoss && 'stop-loss'].filter(
        Boolean,
      );
      open.mutate(body, {
        onSuccess: (answer) => {
          setAmount('');
          withNote.onPlaced?.();
          // The limit price stays the one just placed: refilled with the market price it would
          // buy (or sell) at the next update on a second press, which the user never chose.
          if (kind === 'LIMIT') setTypedLimit(sentLimit);
          setStop('');
          setStopLimit('');
          setTrail('');
          setTakeProfit('');
          setStopLoss('');
          setPlaced(answer.limitPosition);
          setPlacedLegs(
            legNames.length === 0
              ? null
              : `its ${legNames.join(' and ')} ${legNames.length === 1 ? 'starts' : 'start'} once it fills`,
          );
        },
        onError: (e) => {
          if (e instanceof ApiError && e.field === 'note' && withNote.onNoteError) {
            withNote.onNoteError(errorMessage(e, rules));
            return;
          }
          const field = problemField(e instanceof ApiError ? e.field : undefined);
          const shown = shownFields().includes(field) ? field : 'amount';
          setProblem({ field: shown, message: errorMessage(e, rules) });
        },
      });
    },
  };
}

export type LimitOrderState = ReturnType<typeof useLimitOrder>;
