import { Box } from '@mui/material';

const THUMB = 16;
const TRACK_WIDTH = 28;

/**
 * How a small MUI Switch looks, without its input: where the surrounding item is itself the
 * control (a menuitemcheckbox with aria-checked), an input inside it would be a second, nested
 * control for assistive technology (axe nested-interactive).
 */
export function SwitchLook({ checked }: { checked: boolean }) {
  return (
    <Box
      aria-hidden
      sx={{ position: 'relative', width: TRACK_WIDTH, height: THUMB, flexShrink: 0, ml: 1 }}
    >
      <Box
        sx={(theme) => ({
          position: 'absolute',
          inset: '2px 0',
          borderRadius: 6,
          bgcolor: checked
            ? 'primary.main'
            : theme.palette.mode === 'dark'
              ? 'common.white'
              : 'common.black',
          opacity: checked ? 0.5 : theme.palette.mode === 'dark' ? 0.3 : 0.38,
        })}
      />
      <Box
        sx={(theme) => ({
          position: 'absolute',
          top: 0,
          left: 0,
          width: THUMB,
          height: THUMB,
          borderRadius: '50%',
          boxShadow: 1,
          bgcolor: checked
            ? 'primary.main'
            : theme.palette.mode === 'dark'
              ? 'grey.300'
              : 'common.white',
          transform: checked ? `translateX(${TRACK_WIDTH - THUMB}px)` : 'none',
          transition: theme.transitions.create('transform', {
            duration: theme.transitions.duration.shortest,
          }),
        })}
      />
    </Box>
  );
}
