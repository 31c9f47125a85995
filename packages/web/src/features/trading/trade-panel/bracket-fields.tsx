import type { Asset } from '@papertrade/domain';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { legHelp, STOP_LOSS_UNIT_LABELS, type StopLossUnit } from './bracket-order.ts';
import { PriceField } from './price-field.tsx';
import type { LimitOrderState } from './use-limit-order.ts';

/**
 * The take-profit price and the stop-loss (a price, or a trail in % or $), each with its line of
 * help at the current price: a buy's bracket (`bought`) or an OCO sell's pair.
 */
export function LegFields({
  limit,
  asset,
  bought,
}: {
  limit: LimitOrderState;
  asset: Asset;
  bought: boolean;
}) {
  const unit = limit.stopLossUnit;
  const help = (field: 'takeProfit' | 'stopLoss') =>
    legHelp(field, unit, asset.symbol, asset.currentPrice, bought);
  return (
    <Stack spacing={2}>
      <PriceField
        label="Take-profit price"
        field="takeProfit"
        problem={limit.problem}
        value={limit.takeProfitText}
        onChange={limit.setTakeProfitText}
        help={help('takeProfit')}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={unit}
        onChange={(_, next: StopLossUnit | null) => next && limit.setStopLossUnit(next)}
        aria-label="Stop-loss kind"
      >
        {(Object.keys(STOP_LOSS_UNIT_LABELS) as StopLossUnit[]).map((u) => (
          <ToggleButton key={u} value={u}>
            {STOP_LOSS_UNIT_LABELS[u]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <PriceField
        label={unit === 'PRICE' ? 'Stop-loss price' : 'Stop-loss trail'}
        field="stopLoss"
        problem={limit.problem}
        value={limit.stopLossText}
        onChange={limit.setStopLossText}
        unit={unit === 'PERCENT' ? 'PERCENT' : 'USD'}
        help={help('stopLoss')}
      />
    </Stack>
  );
}

/** A buy's expandable "Protect this trade" section: its take-profit and stop-loss, both optional. */
export function BracketSection({ limit, asset }: { limit: LimitOrderState; asset: Asset }) {
  const id = useId();
  return (
    <Accordion
      expanded={limit.bracketOpen}
      onChange={(_, open) => limit.setBracketOpen(open)}
      variant="outlined"
      disableGutters
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls={`${id}-legs`}
        id={`${id}-head`}
      >
        <Box>
          <Typography fontWeight={600}>Protect this trade</Typography>
          <Typography variant="body2" color="text.secondary">
            Take-profit & stop-loss
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={`${id}-legs`}>
        <Stack spacing={2}>
          <Typography variant="body2">
            Both optional. Once the buy fills, they sell the shares it bought at whichever price
            comes first, and the other is cancelled.
          </Typography>
          <LegFields limit={limit} asset={asset} bought />
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

/** Before placing: the order in words, then each leg (a bracket's or an OCO pair's). */
export function OrderReview({ lines }: { lines: readonly string[] }) {
  return (
    <Paper variant="outlined" component="section" aria-label="Review" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        Review
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {lines.map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
    </Paper>
  );
}
