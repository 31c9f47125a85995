import {
  FILL_MODEL_KEY,
  fillModelFromSettings,
  REALISM_KEYS,
  realismSettingError,
  type FillModel,
  type User,
} from '@papertrade/domain';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useUpdateUser } from './api/update-user.ts';

type Values = Record<(typeof REALISM_KEYS)[keyof typeof REALISM_KEYS], number>;
type Preset = 'none' | 'typical' | 'custom';

const NONE: Values = { trading_fee_bps: 0, trading_fee_min_usd: 0, spread_bps: 0 };
/** 0.1 % fee (10 bps), 0.05 % spread (5 bps): what a large crypto exchange charges a retail trader. */
const TYPICAL: Values = { trading_fee_bps: 10, trading_fee_min_usd: 0, spread_bps: 5 };

const FIELDS = [
  {
    key: REALISM_KEYS.feeBps,
    label: 'Fee per trade (basis points)',
    help: '1 basis point is 0.01 %; 10 is 0.1 %. At most 100.',
  },
  {
    key: REALISM_KEYS.feeMinUsd,
    label: 'Minimum fee (USD)',
    help: 'Charged when the fee in basis points is less. At most $100.',
  },
  {
    key: REALISM_KEYS.spreadBps,
    label: 'Spread (basis points)',
    help: 'A buy pays half of it above the price, a sell gets half below. At most 100.',
  },
] as const;

function valuesOf(settings: User['settings']): Values {
  const read = (key: keyof Values) => (typeof settings[key] === 'number' ? settings[key] : 0);
  return {
    trading_fee_bps: read('trading_fee_bps'),
    trading_fee_min_usd: read('trading_fee_min_usd'),
    spread_bps: read('spread_bps'),
  };
}

const same = (a: Values, b: Values) =>
  (Object.keys(a) as (keyof Values)[]).every((k) => a[k] === b[k]);
const presetOf = (v: Values): Preset =>
  same(v, NONE) ? 'none' : same(v, TYPICAL) ? 'typical' : 'custom';

/** /account: trading costs of the main portfolio (docs/decisions/013-fees-and-spread.md). */
export function RealismCard({ user }: { user: User }) {
  const update = useUpdateUser(user.walletAddress);
  const saved = valuesOf(user.settings);
  const [preset, setPreset] = useState<Preset>(presetOf(saved));
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(FIELDS.map((f) => [f.key, String(saved[f.key])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inContest = user.portfolio?.kind === 'CONTEST';

  const save = (values: Values | (Values & { [FILL_MODEL_KEY]: FillModel })) => {
    setErrors({});
    update.mutate(
      { key: 'settings', updates: values },
      {
        onError: (e) =>
          e instanceof ApiError && e.field && setErrors({ [e.field]: errorMessage(e) }),
      },
    );
  };
  const choose = (next: Preset) => {
    setPreset(next);
    if (next === 'none') save(NONE);
    // A typical exchange has an order book: the preset walks it too (the default), whatever
    // the fill model was. None leaves the fill model as chosen: no fees is not no book.
    if (next === 'typical') save({ ...TYPICAL, [FILL_MODEL_KEY]: 'BOOK' });
  };
  const [chosenModel, setChosenModel] = useState<FillModel | null>(null);
  // The choice shows at once while it is saved; the saved record has the last word.
  const fillModel =
    update.isPending && chosenModel ? chosenModel : fillModelFromSettings(user.settings);
  const chooseFillModel = (next: FillModel) => {
    setErrors({});
    setChosenModel(next);
    update.mutate(
      { key: 'settings', updates: { [FILL_MODEL_KEY]: next } },
      {
        onError: (e) =>
          e instanceof ApiError && e.field && setErrors({ [e.field]: errorMessage(e) }),
      },
    );
  };
  const submitCustom = (event: FormEvent) => {
    event.preventDefault();
    const values = Object.fromEntries(
      FIELDS.map((f) => [f.key, draft[f.key]?.trim() === '' ? Number.NaN : Number(draft[f.key])]),
    ) as Values;
    const found = Object.fromEntries(
      FIELDS.flatMap((f) => {
        const message = realismSettingError(f.key, values[f.key]);
        return message ? [[f.key, message]] : [];
      }),
    );
    setErrors(found);
    if (Object.keys(found).length === 0) save(values);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="realism-heading">
      <Typography id="realism-heading" component="h2" variant="h6" fontWeight={700} gutterBottom>
        Trading costs
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Real exchanges charge a fee on every trade and buy a little above the market price, sell a
        little below it. Practise with those costs in your main portfolio
        {inContest ? '' : '; contests use their own rules'}.
        {inContest &&
          ' You are in a contest portfolio now: it uses the contest’s fee, these apply to your main portfolio.'}
      </Typography>
      <FormControl>
        <FormLabel id="realism-label">Realism</FormLabel>
        <RadioGroup
          aria-labelledby="realism-label"
          value={preset}
          onChange={(e) => choose(e.target.value as Preset)}
        >
          <FormControlLabel value="none" control={<Radio />} label="None: no fees, no spread" />
          <FormControlLabel
            value="typical"
            control={<Radio />}
            label="Typical exchange: 0.1 % fee, 0.05 % spread"
          />
          <FormControlLabel value="custom" control={<Radio />} label="Custom" />
        </RadioGroup>
      </FormControl>
      {preset === 'custom' && (
        <Stack
          component="form"
          spacing={2}
          sx={{ mt: 1, maxWidth: 360 }}
          onSubmit={submitCustom}
          noValidate
        >
          {FIELDS.map((f) => (
            <TextField
              key={f.key}
              label={f.label}
              value={draft[f.key] ?? ''}
              onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
              error={Boolean(errors[f.key])}
              helperText={errors[f.key] ?? f.help}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          ))}
          <Button
            type="submit"
            variant="contained"
            disabled={update.isPending}
            sx={{ alignSelf: 'flex-start' }}
          >
            Save costs
          </Button>
        </Stack>
      )}
      <FormControl sx={{ display: 'block', mt: 2 }} error={Boolean(errors[FILL_MODEL_KEY])}>
        <FormLabel id="fill-model-label">Fill model</FormLabel>
        <RadioGroup
          aria-labelledby="fill-model-label"
          aria-describedby="fill-model-help"
          value={fillModel}
          onChange={(e) => chooseFillModel(e.target.value as FillModel)}
        >
          <FormControlLabel
            value="BOOK"
            control={<Radio />}
            label="Order book: a market order walks the simulated book, so a big order pays more"
            disabled={update.isPending}
          />
          <FormControlLabel
            value="IDEAL"
            control={<Radio />}
            label="Ideal: every order fills whole at one price"
            disabled={update.isPending}
          />
        </RadioGroup>
        <FormHelperText id="fill-model-help" sx={{ mx: 0 }}>
          {errors[FILL_MODEL_KEY] ??
            'Order book is how real exchanges fill: thin coins and large orders cost slippage.'}
        </FormHelperText>
      </FormControl>
      {update.isSuccess && !update.isPending && (
        <Alert severity="success" sx={{ mt: 1 }}>
          Trading costs saved.
        </Alert>
      )}
      {update.error && !(update.error instanceof ApiError && update.error.field) && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(update.error)}
        </Alert>
      )}
    </Paper>
  );
}
