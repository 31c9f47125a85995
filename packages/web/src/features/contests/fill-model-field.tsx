import type { FillModel } from '@papertrade/domain';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';

/** How a contest's or class's fills are priced: walking the simulated book (the default) or one price. */
export const FILL_MODEL_TEXT: Record<FillModel, string> = {
  BOOK: 'Order book: market orders walk the simulated book, so big orders pay slippage',
  IDEAL: 'Ideal: every order fills whole at one price',
};

/** The contest rule fillModel (docs/decisions/029-simulated-order-book.md), as two radios. */
export function FillModelField({
  value,
  onChange,
}: {
  value: FillModel;
  onChange: (next: FillModel) => void;
}) {
  return (
    <FormControl>
      <FormLabel id="contest-fill-model-label">Fills</FormLabel>
      <RadioGroup
        aria-labelledby="contest-fill-model-label"
        value={value}
        onChange={(e) => onChange(e.target.value as FillModel)}
      >
        <FormControlLabel value="BOOK" control={<Radio />} label={FILL_MODEL_TEXT.BOOK} />
        <FormControlLabel value="IDEAL" control={<Radio />} label={FILL_MODEL_TEXT.IDEAL} />
      </RadioGroup>
    </FormControl>
  );
}
