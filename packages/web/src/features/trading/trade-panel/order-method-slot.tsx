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
      // Six methods do not fit one row of a desktop trade panel: they wrap onto a second row, each
      // label on one line, rather than running past the panel's edge or breaking "Trailing stop".
      sx={{
        flexWrap: 'wrap',
        gap: 0.5,
        '& .MuiToggleButton-root': {
          px: 1,
          lineHeight: 1.2,
          whiteSpace: 'nowrap',
          flex: '1 0 auto',
        },
        '& .MuiToggleButtonGroup-grouped, & .MuiToggleButtonGroup-grouped:not(:first-of-type)': {
          m: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        },
      }}
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
