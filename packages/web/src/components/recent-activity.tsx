import { formatUsd, latestEntries, type User } from '@papertrade/domain';
import { Link, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../lib/format.ts';
import { historyStatus, historyTitle, orderPricesText } from '../lib/order-kind.ts';

/**
 * docs/pages.md, Home: the latest 5 history entries by timestamp. `readOnly`: someone else's portfolio, whose
 * transaction pages the reader cannot open, so no links.
 */
export function RecentActivity({ user, readOnly }: { user: User; readOnly?: boolean }) {
  const entries = latestEntries(user.history);
  if (entries.length === 0) {
    return <Typography color="text.secondary">No trades yet.</Typography>;
  }
  return (
    <Paper variant="outlined">
      <List aria-label="Recent activity">
        {entries.map((entry) => {
          const key = 'id' in entry ? entry.id : entry.positionId;
          const total =
            'transactionTotal' in entry
              ? formatUsd(entry.transactionTotal)
              : `${orderPricesText(entry)} · ${historyStatus(entry)}`;
          const text = `${historyTitle(entry)} · ${total}`;
          return (
            <ListItem key={key} divider>
              <ListItemText
                primary={
                  'id' in entry && !readOnly ? (
                    <Link
                      component={RouterLink}
                      to={`/transaction?id=${encodeURIComponent(entry.id)}`}
                      underline="hover"
                    >
                      {text}
                    </Link>
                  ) : (
                    text
                  )
                }
                secondary={formatDateTime(entry.timestamp)}
              />
            </ListItem>
          );
        })}
      </List>
      {!readOnly && (
        <Link component={RouterLink} to="/all-transactions" sx={{ display: 'block', p: 2 }}>
          All transactions
        </Link>
      )}
    </Paper>
  );
}
