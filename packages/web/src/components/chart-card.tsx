import {
  Alert,
  Box,
  Paper,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { Suspense, useId, type ReactNode, type Ref } from 'react';
import { errorMessage } from '../lib/api-client.ts';

/** A chart's height on phones and from `sm` up; the loading skeleton takes the same. */
export type ChartHeight = { xs: number; sm: number };

interface ChartCardProps<T extends string | number> {
  title: string;
  /** Given, the card is a section named by its heading. */
  headingId?: string;
  /** The toggle buttons above the chart (interval, range ...), named by `label`. */
  toggle: {
    label: string;
    choices: readonly { value: T; label: string }[];
    value: T;
    onChange: (next: T) => void;
  };
  /** The chart data's query: its error and loading state show here. */
  query: { error: unknown; isPending: boolean };
  height: ChartHeight;
  /** The chart (usually a lazy module) or an empty state; nothing while there is no data. */
  children?: ReactNode;
  /** Below the chart, outside its loading state (a legend). */
  footer?: ReactNode;
}

/** A titled card with toggle buttons over a lazily loaded chart, its skeleton and its error. */
export function ChartCard<T extends string | number>({
  title,
  headingId,
  toggle,
  query,
  height,
  children,
  footer,
}: ChartCardProps<T>) {
  const skeleton = <Skeleton variant="rounded" sx={{ height }} />;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      {...(headingId ? { component: 'section', 'aria-labelledby': headingId } : {})}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 1,
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography id={headingId} component="h2" variant="subtitle1" fontWeight={700}>
          {title}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={toggle.value}
          onChange={(_, next: T | null) => next !== null && toggle.onChange(next)}
          aria-label={toggle.label}
        >
          {toggle.choices.map((c) => (
            <ToggleButton key={c.label} value={c.value}>
              {c.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      {Boolean(query.error) && <Alert severity="error">{errorMessage(query.error)}</Alert>}
      {query.isPending && skeleton}
      {children && <Suspense fallback={skeleton}>{children}</Suspense>}
      {footer}
    </Paper>
  );
}

/**
 * Read by screen readers (and tests), not shown. left: 0 as in components/visually-hidden.tsx: left
 * at its static place, the box can sit past a phone's right edge and widen the page.
 */
const visuallyHidden = {
  position: 'absolute',
  left: 0,
  width: 1,
  height: 1,
  p: 0,
  m: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * The box a chart draws into, named for screen readers (the canvas itself says nothing).
 * `lastValue`: what the price tag on the chart's axis reads ("Last price $1.03"), as text that
 * describes the figure.
 */
export function ChartFigure({
  ref,
  label,
  height,
  lastValue,
}: {
  ref: Ref<HTMLDivElement>;
  label: string;
  height: ChartHeight;
  lastValue?: string | undefined;
}) {
  const id = useId();
  return (
    <>
      <Box
        ref={ref}
        role="figure"
        aria-label={label}
        aria-describedby={lastValue ? id : undefined}
        sx={{ width: '100%', height }}
      />
      {lastValue && (
        <Box component="p" id={id} sx={visuallyHidden}>
          {lastValue}
        </Box>
      )}
    </>
  );
}
