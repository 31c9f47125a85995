import { formatPrice, type User } from '@papertrade/domain';
import {
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { limitText, orderTime, reservedText, sideText } from './order-format.ts';

/** Filled and cancelled orders, newest first, as the user record keeps them. */
export function PastOrders({ user }: { user: User }) {
  const past = user.limitPositions.filter((p) => p.status !== 'WORKING');
  if (past.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        No past orders yet.
      </Typography>
    );
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Past orders">
        <TableHead>
          <TableRow>
            <TableCell>Asset</TableCell>
            <TableCell>Side</TableCell>
            <TableCell align="right">Limit price</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Placed</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {past.map((p) => (
            <TableRow key={p.positionId}>
              <TableCell>{p.symbol}</TableCell>
              <TableCell>{sideText(p)}</TableCell>
              <TableCell align="right">{limitText(p)}</TableCell>
              <TableCell align="right">{reservedText(p)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {p.status === 'FILLED' ? (
                  <>
                    Filled
                    {p.fillPrice !== undefined && ` at $${formatPrice(p.fillPrice)}`}
                    {p.transactionId && (
                      <>
                        {' · '}
                        <Link
                          component={RouterLink}
                          to={`/transaction?id=${encodeURIComponent(p.transactionId)}`}
                        >
                          View transaction
                        </Link>
                      </>
                    )}
                  </>
                ) : (
                  'Cancelled'
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{orderTime.format(p.timestamp)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
