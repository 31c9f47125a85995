import { formatPrice, formatShares, type LimitPosition, type User } from '@papertrade/domain';
import { Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { nowrap, OrderTable, placedColumn } from './order-table.tsx';
import { isWorkingOrder } from '../../lib/order-status.ts';

function Status({ p }: { p: LimitPosition }) {
  // A partly filled order that was cancelled (or an IOC cut short) kept what it got.
  if (p.status !== 'FILLED')
    return p.filledShares
      ? `Cancelled after ${formatShares(p.filledShares)} ${p.symbol} filled`
      : 'Cancelled';
  return (
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
  );
}

/** Filled and cancelled orders, newest first, as the user record keeps them. */
export function PastOrders({ user }: { user: User }) {
  const past = user.limitPositions.filter((p) => !isWorkingOrder(p));
  if (past.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        No past orders yet.
      </Typography>
    );
  return (
    <OrderTable
      label="Past orders"
      orders={past}
      amountHeader="Amount"
      more={[{ header: 'Status', sx: nowrap, cell: (p) => <Status p={p} /> }, placedColumn]}
    />
  );
}
