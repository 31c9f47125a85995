import { ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { METHOD_LABELS, METHOD_NAMES, PANEL_METHODS, type PanelMethod } from './stop-order.ts';

export type OrderMethodValue = PanelMethod;

/**
 * The order method choice (docs/pages.md, Trade panel: MARKET by default, as a plain, labelled
 * toggle right above the price): Market, Limit, Stop, Stop-limit,
 * Trailing stop, and on sells OCO (named "Take-profit + stop-loss (OCO)", its tooltip too).
 */
export function OrderMethodSlot({
  method,
  onChange,
  allowed = PANEL_METHODS,
}: {
  method: OrderMethodValue;
  onChange: (method: OrderMethodValue) => void;
  /** The methods offered (a contest may allow only some). */
  allowed?: readonly OrderMethodValue[];
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={method}
      onChange={(_, next: OrderMethodValue | null) => next && onChange(next)}
      aria-label="Order type"
      fullWidth
      data-slot="order-method"
      sx={{ '& .MuiToggleButton-root': { px: 0.5, lineHeight: 1.2 } }}
    >
      {PANEL_METHODS.filter((m) => allowed.includes(m)).map((m) =>
        METHOD_NAMES[m] === METHOD_LABELS[m] ? (
          <ToggleButton key={m} value={m}>
            {METHOD_LABELS[m]}
          </ToggleButton>
        ) : (
          <Tooltip key={m} title={METHOD_NAMES[m]}>
            <ToggleButton value={m} aria-label={METHOD_NAMES[m]}>
              {METHOD_LABELS[m]}
            </ToggleButton>
          </Tooltip>
        ),
      )}
    </ToggleButtonGroup>
  );
}
