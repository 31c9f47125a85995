import {
  displayAssetName,
  formatPreview,
  formatPrice,
  formatShares,
  formatUsd,
  MarketOrderBody,
  maxAmount,
  previewOtherUnit,
  type AmountUnit,
  type Asset,
  type Transaction,
} from '@papertrade/domain';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../../../lib/api/get-session.ts';
import { useActiveContest } from '../../contests/api/get-contest.ts';
import { useContestReplay } from '../../contests/api/get-contest-replay.ts';
import { findAsset, useAllAssets } from '../../../lib/api/get-all-assets.ts';
import { usePlaceMarketOrder, type TradeSide } from '../api/place-market-order.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { contestClosedText, symbolAllowed } from '../../../lib/contest-trading.ts';
import { toCents, toPriceUnits, toShareUnits } from '../../../lib/portfolio.ts';
import type { ProtectLeg } from '../../../lib/trade-link.ts';
import { SuccessDialog } from '../../../components/success-dialog.tsx';
import { AmountField } from './amount-field.tsx';
import { allSharesText, maxUsdText, parseAmount } from './amount-text.ts';
import { AssetPickerButton } from './asset-picker-button.tsx';
import { BookPreview } from './book-preview.tsx';
import { LimitFields } from './limit-fields.tsx';
import { MaxSlippageField, noLiquidityText, parseMaxSlippage } from './max-slippage-field.tsx';
import { NoteField, noteProblem } from './note-field.tsx';
import { OrderMethodSlot, type OrderMethodValue } from './order-method-slot.tsx';
import { Row } from './row.tsx';
import { METHOD_LABELS, panelMethods, ruleAllows, type PanelMethod } from './stop-order.ts';
import { costRuleOf, TradeCosts } from './trade-costs.tsx';
import { TradingIn } from './trading-in.tsx';
import { useLimitOrder } from './use-limit-order.ts';
import { DEFAULT_TRADE_SYMBOL } from '../../../lib/ui-constants.ts';

export interface TradePanelProps {
  /** The asset to trade; without it the panel starts on BTC (docs/pages.md, Trade panel). */
  asset?: Asset | null;
  initialSide?: TradeSide;
  /** The method selected first (a lesson's "Try it"); Market when left out. */
  initialMethod?: PanelMethod;
  /** Opens a buy's "Protect this trade" section on that leg. */
  initialProtect?: ProtectLeg;
  /** 'dialog' shows the title 'Buy {name}' / 'Sell {name}' and a close button. */
  variant?: 'panel' | 'dialog';
  showAssetPicker?: boolean;
  /** docs/pages.md, Trade panel: the panel can be hidden at 480px or narrower. */
  hideOnMobile?: boolean;
  onClose?: () => void;
  titleId?: string;
}

export function TradePanel({
  asset,
  initialSide = 'PURCHASE',
  initialMethod = 'MARKET',
  initialProtect,
  variant = 'panel',
  showAssetPicker,
  hideOnMobile,
  onClose,
  titleId,
}: TradePanelProps) {
  const { data: user } = useSession();
  const { data: assets } = useAllAssets();
  const navigate = useNavigate();
  const [side, setSide] = useState<TradeSide>(initialSide);
  const [chosenMethod, setMethod] = useState<OrderMethodValue>(initialMethod);
  // docs/pages.md, Trade panel: USD by default; the account page can store another default in settings.
  const [unit, setUnit] = useState<AmountUnit>(() =>
    user?.settings.defaultTradeUnit === 'SYMBOL' ? 'SYMBOL' : 'USD',
  );
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [maxSlippage, setMaxSlippage] = useState('');
  const [slippageError, setSlippageError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const [pickedId, setPickedId] = useState<string | null>(asset?.id ?? null);
  const [filled, setFilled] = useState<Transaction | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  // A trade dialog (quick trade) opens on its amount, not its frame, 11 Tabs away; once only, so
  // changing the method later does not pull the focus back to it.
  const [amountFocused, setAmountFocused] = useState(variant !== 'dialog');
  const order = usePlaceMarketOrder();
  // A contest portfolio offers only what its rules allow (the server refuses the rest anyway).
  const contest = useActiveContest();
  const methods = panelMethods(contest, side);
  // OCO sells shares held: on the Buy tab its place goes to Limit, which can carry both legs.
  const wanted = chosenMethod === 'OCO' && side === 'PURCHASE' ? 'LIMIT' : chosenMethod;
  const method = methods.includes(wanted) ? wanted : (methods[0] ?? 'MARKET');
  // Every method but Market is a working order (limit, stop, stop-limit, trailing stop, OCO).
  const working = method !== 'MARKET';
  const limit = useLimitOrder(side, method, {
    protect: initialProtect,
    // A bracket's legs are an OCO pair: a contest that leaves OCO out leaves brackets out too.
    bracketAllowed: ruleAllows(contest, 'OCO'),
  });
  const allowed = (a: Asset) => symbolAllowed(contest, a.symbol);
  // A replay contest trades on its replayed prices: the panel shows and quotes those.
  const replay = useContestReplay(contest, user?.walletAddress ?? '').data;

  // The live price comes from the polled list; the prop is only the starting point.
  const fallback = findAsset(assets, DEFAULT_TRADE_SYMBOL);
  const listed =
    findAsset(assets, pickedId) ??
    asset ??
    (fallback && allowed(fallback) ? fallback : assets?.find(allowed)) ??
    assets?.[0];
  const replayed = listed && replay?.prices.find((p) => p.symbol === listed.symbol);
  const current = listed && replayed ? { ...listed, currentPrice: replayed.price } : listed;
  const display = hideOnMobile ? { xs: 'none', sm: 'block' } : 'block';
  if (!current) {
    return (
      <Box sx={{ display }}>
        <Skeleton variant="rounded" height={320} aria-label="Loading trade panel" />
      </Box>
    );
  }
  const tradable = allowed(current);
  // An ended (or not yet started) contest says so before anything is pressed.
  const closed = contestClosedText(contest);
  const name = displayAssetName(current.name);
  const held = user?.assets[current.symbol] ?? 0;
  const value = parseAmount(amount);
  const preview = formatPreview(
    previewOtherUnit(value, unit, current.currentPrice),
    unit === 'USD' ? 'SYMBOL' : 'USD',
  );

  const fillMax = () => {
    if (!user) return;
    setError(null);
    // Max on a sell sells every share: the order goes in shares, the exact holding, whatever the
    // unit chosen. In dollars it would raise a cent-rounded sum, leaving dust (or, with a fee,
    // asking for more shares than are held).
    if (side === 'SELL') {
      setUnit('SYMBOL');
      setAmount(allSharesText(toShareUnits(held)));
      return;
    }
    const max = maxAmount({
      side,
      unit,
      cashCents: toCents(user.balance),
      heldShares: toShareUnits(held),
      price: toPriceUnits(current.currentPrice),
    });
    setAmount(unit === 'USD' ? maxUsdText(max) : allSharesText(toShareUnits(max)));
  };

  const notesRequired = Boolean(contest?.requireNotes);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tradable || closed) return;
    // A class that asks for notes: said under the note field before anything is sent.
    const missing = noteProblem(note, notesRequired);
    setNoteError(missing);
    if (missing) return;
    const sentNote = note.trim() || undefined;
    if (working) {
      if (user)
        limit.submit(current, user, contest, {
          note: sentNote,
          onNoteError: setNoteError,
          onPlaced: () => setNote(''),
        });
      return;
    }
    // docs/pages.md, Trade panel: an order only starts for an amount greater than 0.
    if (!user || order.isPending || !(value > 0)) return;
    // The request schema's own checks (a USD amount is whole cents), under the field, before sending.
    const checked = MarketOrderBody.safeParse({
      symbol: current.symbol,
      walletAddress: user.walletAddress,
      assetAmount: value,
      unit,
    });
    const problem = checked.error?.issues.find((issue) => issue.path[0] === 'assetAmount');
    if (problem) {
      setError(problem.message);
      return;
    }
    setError(null);
    const cap = parseMaxSlippage(maxSlippage);
    setSlippageError(cap.problem);
    if (cap.problem !== null) return;
    order.mutate(
      {
        side,
        symbol: current.symbol,
        walletAddress: user.walletAddress,
        assetAmount: value,
        unit,
        ...(sentNote ? { note: sentNote } : {}),
        ...(cap.maxSlippageBps === undefined ? {} : { maxSlippageBps: cap.maxSlippageBps }),
      },
      {
        onSuccess: (answer) => {
          setAmount('');
          setNote('');
          setFilled(answer.transaction);
        },
        // A refusal about the note goes under the note, one about the slippage cap (nothing could
        // fill within it) under the cap; every other one (a class's position or trade limit
        // included) under the amount.
        onError: (e) => {
          const thin = noLiquidityText(e, cap.maxSlippageBps);
          if (thin) setSlippageError(thin);
          else if (e instanceof ApiError && e.field === 'maxSlippageBps')
            setSlippageError(errorMessage(e));
          else if (e instanceof ApiError && e.field === 'note')
            setNoteError(errorMessage(e, contest));
          else setError(errorMessage(e, contest));
        },
      },
    );
  };

  const verb = side === 'PURCHASE' ? 'Buy' : 'Sell';
  const busy = working ? limit.pending : order.isPending;
  return (
    <Box sx={{ display }}>
      <Stack
        component="form"
        onSubmit={submit}
        noValidate
        spacing={2}
        aria-label={`${verb} ${name}`}
      >
        {variant === 'dialog' && (
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography id={titleId} component="h2" variant="h6" fontWeight={700}>
              {verb} {name}
            </Typography>
            {onClose && (
              <IconButton aria-label="Close" onClick={onClose} edge="end">
                <CloseIcon />
              </IconButton>
            )}
          </Box>
        )}
        <Tabs
          value={side}
          onChange={(_, next: TradeSide) => {
            setSide(next);
            setError(null);
            limit.reset(current.currentPrice);
          }}
          variant="fullWidth"
          aria-label="Order side"
        >
          <Tab label="Buy" value="PURCHASE" />
          <Tab label="Sell" value="SELL" />
        </Tabs>
        {showAssetPicker && (
          <AssetPickerButton
            asset={current}
            filter={contest ? allowed : undefined}
            onPick={(a) => {
              setPickedId(a.id);
              setAmount('');
              setError(null);
              limit.reset(a.currentPrice);
            }}
          />
        )}
        <OrderMethodSlot
          allowed={methods}
          method={method}
          onChange={(next) => {
            setMethod(next);
            setError(null);
            limit.reset(current.currentPrice);
          }}
        />
        <Row label="Price" value={`$${formatPrice(current.currentPrice)}`} price />
        {working ? (
          <LimitFields limit={limit} side={side} asset={current} user={user} />
        ) : (
          <>
            <AmountField
              symbol={current.symbol}
              unit={unit}
              onUnitChange={(next) => {
                setUnit(next);
                setAmount('');
                setError(null);
              }}
              amount={amount}
              onAmountChange={(next) => {
                setAmount(next);
                setError(null);
              }}
              onMax={fillMax}
              error={error}
              inputRef={amountInput}
              autoFocus={!amountFocused}
              onFocus={() => setAmountFocused(true)}
            />
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              ≈ {unit === 'USD' ? `${preview} ${current.symbol}` : `$${preview}`}
            </Typography>
            <BookPreview asset={current} side={side} unit={unit} amount={value} />
            <MaxSlippageField
              value={maxSlippage}
              onChange={(next) => {
                setMaxSlippage(next);
                setSlippageError(null);
              }}
              error={slippageError}
            />
            {user && (
              <TradeCosts
                rule={costRuleOf(user, contest)}
                side={side}
                unit={unit}
                amount={value}
                price={current.currentPrice}
              />
            )}
            {user && side === 'PURCHASE' && (
              <Row label="Buying power" value={formatUsd(user.balance)} />
            )}
            {user && <Row label="You own" value={`${formatShares(held)} ${current.symbol}`} />}
          </>
        )}
        {user && (
          <NoteField
            note={note}
            onNoteChange={(next) => {
              setNote(next);
              setNoteError(null);
            }}
            required={notesRequired}
            error={noteError}
          />
        )}
        {user && <TradingIn />}
        {closed && <Alert severity="info">{closed}</Alert>}
        {!tradable && contest && (
          <Alert severity="info">
            {contest.name} does not allow trading {current.symbol}. You can trade{' '}
            {contest.allowedSymbols.join(', ')}.
          </Alert>
        )}
        {user ? (
          <Button
            type="submit"
            variant="contained"
            size="large"
            color={side === 'PURCHASE' ? 'success' : 'error'}
            disabled={
              busy ||
              !tradable ||
              Boolean(closed) ||
              !(working ? Number(limit.amount) > 0 : value > 0)
            }
            aria-busy={busy}
            startIcon={
              busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
            }
          >
            {working
              ? `Place ${method === 'OCO' ? 'OCO' : METHOD_LABELS[method].toLowerCase()} ${verb.toLowerCase()}`
              : `${verb} ${current.symbol}`}
          </Button>
        ) : (
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            Log in to trade
          </Button>
        )}
      </Stack>
      <SuccessDialog
        transaction={filled}
        onClose={() => {
          setFilled(null);
          // In a trade dialog (the phone's full-screen form, quick trade) the trade is done:
          // Close goes back to the page, not to an emptied form.
          onClose?.();
        }}
        focusAfterClose={onClose ? undefined : amountInput}
        onViewDetails={(tx) => {
          setFilled(null);
          onClose?.();
          void navigate(`/transaction?id=${encodeURIComponent(tx.id)}`);
        }}
      />
    </Box>
  );
}
