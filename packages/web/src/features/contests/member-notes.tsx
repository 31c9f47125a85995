import type { User } from '@papertrade/domain';
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { formatDateTime } from '../../lib/format.ts';

/** The notes of a member's latest orders, for the class's teacher (docs/api.md, "Trade notes"). */
export function MemberNotes({ record }: { record: Pick<User, 'history'> }) {
  const noted = record.history.flatMap((h) =>
    h.note
      ? [
          {
            key: 'id' in h ? h.id : h.positionId,
            note: h.note,
            what: `${h.type === 'PURCHASE' ? 'Buy' : 'Sell'} ${h.symbol}`,
            at: h.timestamp,
          },
        ]
      : [],
  );
  if (noted.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No notes on the latest orders yet.
      </Typography>
    );
  return (
    <List dense aria-label="Trade notes" disablePadding>
      {noted.map((n) => (
        <ListItem key={n.key} disableGutters>
          <ListItemText primary={n.note} secondary={`${n.what} · ${formatDateTime(n.at)}`} />
        </ListItem>
      ))}
    </List>
  );
}
