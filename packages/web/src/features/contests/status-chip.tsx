import type { Contest } from '@papertrade/domain';
import { Chip } from '@mui/material';
import { contestPhase, STATUS_LABEL } from './countdown.ts';

const COLOUR = { UPCOMING: 'info', RUNNING: 'success', ENDED: 'default' } as const;

/** Not started / Running / Ended, by the clock (countdown.ts), with the kind for a class. */
export function StatusChip({
  contest,
  now,
}: {
  contest: Pick<Contest, 'startsAt' | 'endsAt' | 'status'>;
  now: number;
}) {
  const phase = contestPhase(contest, now);
  return <Chip size="small" color={COLOUR[phase]} label={STATUS_LABEL[phase]} />;
}
