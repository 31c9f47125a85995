import { createTheme } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { lineLook } from './line-style.ts';

describe('lineLook', () => {
  const { palette } = createTheme();

  it('a waiting bracket’s leg is drawn as its kind, but faded and thin', () => {
    const working = lineLook('take-profit', palette);
    const pending = lineLook('take-profit', palette, true);
    expect(pending.dash).toBe(working.dash);
    expect(pending.width).toBe(1);
    expect(working.width).toBe(2);
    expect(pending.color).not.toBe(working.color);
    expect(pending.color).toMatch(/^rgba\(.*, 0\.5\)$/);
    expect(lineLook('stop', palette, true)).toMatchObject({ dash: 'dotted', width: 1 });
  });
});
