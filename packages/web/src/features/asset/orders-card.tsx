import { formatPrice, type LimitPosition, type User } from '@papertrade/domain';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { PageSuccessToast } from '../../components/page-toast.tsx';
import { useCancelLimitPosition } from '../trading/api/cancel-limit-position.ts';
import { ModifyOrderDialog } from './modify-order-dialog.tsx';
import {
  orderAmountText,
  orderLinePrice,
  orderPriceNote,
  orderSharesText,
  orderTypeText,
  workingOrders,
} from './order-lines.ts';
import { partlyFilledText } from '../../lib/order-status.ts';

const placedAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "buy limit SOL at $95.00": names an order in its buttons and dialogs. */
export const orderName = (p: LimitPosition) =>
  `${orderTypeText(p).toLowerCase()} ${p.symbol} at $${formatPrice(orderLinePrice(p))}`;

/** The asset's working orders under its chart, each with Modify and Cancel (which asks first). */
export function OrdersCard({ user, symbol }: { user: User; symbol: string }) {
  const orders = workingOrders(user, symbol);
  const cancel = useCancelLimitPosition();
  const [cancelling, setCancelling] = useState<LimitPosition | null>(null);
  const [modifying, setModifying] = useState<LimitPosition | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirmCancel = () => {
    const order = cancelling;
    if (!order) return;
    cancel.mutate(
      { positionId: order.positionId, walletAddress: user.walletAddress },
      {
        onSuccess: () => setDone(`Order cancelled: ${orderAmountText(order)} released`),
        onSettled: () => setCancelling(null),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="orders-heading">
      <Typography
        id="orders-heading"
        component="h2"
        variant="subtitle1"
        fontWeight={700}
        gutterBottom
      >
        Orders
      </Typography>
      {cancel.error && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => cancel.reset()}>
          {errorMessage(cancel.error)}
        </Alert>
      )}
      {orders.length === 0 ? (
        <Typography color="text.secondary">
          No working {symbol} orders. Choose an order type other than Market in the trade panel to
          buy or sell at your price.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={`Working ${symbol} orders`}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {orders.map((p) => (
            <OrderItem
              key={p.positionId}
              order={p}
              onModify={() => setModifying(p)}
              onCancel={() => {
                cancel.reset();
                setCancelling(p);
              }}
            />
          ))}
        </Box>
      )}
      <Dialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        aria-labelledby="cancel-order-title"
      >
        <DialogTitle id="cancel-order-title">Cancel this order?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {cancelling &&
              `Your ${orderName(cancelling)} stops waiting and the reserved ${orderAmountText(cancelling)} is released.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCancelling(null)}>Keep order</Button>
          <Button
            color="error"
            variant="contained"
            onClick={confirmCancel}
            disabled={cancel.isPending}
          >
            Cancel order
          </Button>
        </DialogActions>
      </Dialog>
      {modifying && (
        <ModifyOrderDialog
          order={modifying}
          wallet={user.walletAddress}
          onClose={() => setModifying(null)}
          onDone={(message) => {
            setModifying(null);
            setDone(message);
          }}
        />
      )}
      <PageSuccessToast message={done} onClose={() => setDone(null)} />
    </Paper>
  );
}

function OrderItem({
  order,
  onModify,
  onCancel,
}: {
  order: LimitPosition;
  onModify: () => void;
  onCancel: () => void;
}) {
  const note = orderPriceNote(order);
  const partly = partlyFilledText(order);
  const facts: [string, string][] = [
    // A partly filled order says how far it got (docs/decisions/029-simulated-order-book.md).
    ...(partly ? ([['Partly filled', partly]] as [string, string][]) : []),
    ['Amount', orderSharesText(order)],
    ['Reserved', orderAmountText(order)],
    ['Placed', placedAt.format(order.timestamp)],
  ];
  const name = orderName(order);
  return (
    <Box
      component="li"
      sx={{ py: 1.5, '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' } }}
    >
      <Stack direction="row" alignItems="baseline" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Typography fontWeight={700}>{orderTypeText(order)}</Typography>
        <Typography fontWeight={600}>${formatPrice(orderLinePrice(order))}</Typography>
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr) auto' },
          columnGap: 2,
          rowGap: 1,
          mt: 0.5,
          alignItems: 'end',
        }}
      >
        {facts.map(([label, value]) => (
          <div key={label}>
            <Typography variant="caption" color="text.secondary" component="div">
              {label}
            </Typography>
            <Typography variant="body2">{value}</Typography>
          </div>
        ))}
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button
            size="small"
            variant="outlined"
            aria-label={`Modify ${name}`}
            aria-haspopup="dialog"
            onClick={onModify}
          >
            Modify
          </Button>
          <Button
            size="small"
            color="error"
            aria-label={`Cancel ${name}`}
            aria-haspopup="dialog"
            onClick={onCancel}
          >
            Cancel
          </Button>
        </Stack>
      </Box>
    </Box>
  );
}
