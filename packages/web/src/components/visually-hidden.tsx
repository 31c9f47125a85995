import type { ReactNode } from 'react';

// left: 0 because a table's last header can sit past the right edge of its scrolling container,
// and an absolutely placed box there would widen the whole page on a phone.
const hidden = {
  position: 'absolute',
  left: 0,
  whiteSpace: 'nowrap',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

/** Text for screen readers only: a column header of buttons, an "Unread:" before a message. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={hidden}>{children}</span>;
}
