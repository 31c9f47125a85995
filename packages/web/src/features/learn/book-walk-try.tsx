import { formatUsd, type Transaction, type User } from '@papertrade/domain';
import {
  Alert,
  Button,
  CircularProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { bookFillRows } from '../../lib/book-fill.ts';
import { usePlaceMarketOrder } from '../trading/api/place-market-order.ts';
import { BOOK_WALK_SYMBOL, bookWalkAmount } from './book-walk.ts';

/**
 * The liquidity lesson's Try it: one large market buy of the thinnest coin, placed from the
 * lesson, then what it took from the book (lib/book-fill.ts, the words the transaction page uses).
 */
export function BookWalkTry({ user }: { user: User }) {
  const order = usePlaceMarketOrder();
  const [filled, setFilled] = useState<Transaction | null>(null);
  const amount = bookWalkAmount(user.balance);
  const place = () => {
    if (amount === null) return;
    order.mutate(
      {
        side: 'PURCHASE',
        symbol: BOOK_WALK_SYMBOL,
        walletAddress: user.walletAddress,
        assetAmount: amount,
        unit: 'USD',
      },
      { onSuccess: (answer) => setFilled(answer.transaction) },
    );
  };
  const rows = filled ? bookFillRows(filled) : [];
  return (
    <Stack spacing={1.5} component="section" aria-label="Try it">
      {amount === null ? (
        <Alert severity="info">
          Try it needs at least $100 of cash. Sell something or reset your account, then come back.
        </Alert>
      ) : (
        <Button
          variant="contained"
          color="secondary"
          onClick={place}
          disabled={order.isPending}
          aria-busy={order.isPending}
          startIcon={
            order.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
          }
          sx={{ alignSelf: 'flex-start' }}
        >
          Try it: buy {formatUsd(amount, 0)} of {BOOK_WALK_SYMBOL}
        </Button>
      )}
      {order.error && <Alert severity="error">{errorMessage(order.error)}</Alert>}
      {filled && (
        <Paper variant="outlined" sx={{ p: 2 }} role="status">
          <Typography component="h3" variant="subtitle1" fontWeight={700} gutterBottom>
            Bought {filled.symbol} for {formatUsd(filled.transactionTotal)}
          </Typography>
          {rows.length > 0 ? (
            <Table size="small" aria-label="What the order took from the book">
              <TableBody>
                {rows.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row" sx={{ color: 'text.secondary', pl: 0 }}>
                      {label}
                    </TableCell>
                    <TableCell sx={{ fontWeight: 600 }}>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography color="text.secondary">
              This portfolio fills every order at one price (the Ideal fill model), so the order
              took no levels. Choose Order book in /account to see the book at work.
            </Typography>
          )}
          <Link
            component={RouterLink}
            to={`/transaction?id=${encodeURIComponent(filled.id)}`}
            sx={{ display: 'inline-block', mt: 1 }}
          >
            View the transaction
          </Link>
        </Paper>
      )}
    </Stack>
  );
}
