import { Paper, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { TradePanel } from '../trading/index.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { findAsset, useAllAssets } from '../../lib/api/get-all-assets.ts';
import { PastOrders } from './past-orders.tsx';
import { WorkingOrders } from './working-orders.tsx';

/** /order?pair=&side=: the trade panel with the asset picker, then the user's limit orders. */
export default function OrderPage() {
  const [params] = useSearchParams();
  const user = useUser();
  const { data: assets } = useAllAssets();
  const asset = findAsset(assets, params.get('pair'));
  const side = params.get('side')?.toUpperCase() === 'SELL' ? 'SELL' : 'PURCHASE';
  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, width: '100%', mx: 'auto' }}
      >
        <TradePanel
          key={`${asset?.id ?? 'default'}-${side}`}
          asset={asset}
          initialSide={side}
          showAssetPicker
        />
      </Paper>
      <Paper component="section" variant="outlined" aria-labelledby="working-title" sx={{ p: 2 }}>
        <Typography id="working-title" component="h2" variant="h6" fontWeight={700}>
          Working orders
        </Typography>
        <WorkingOrders user={user} />
      </Paper>
      <Paper component="section" variant="outlined" aria-labelledby="past-title" sx={{ p: 2 }}>
        <Typography id="past-title" component="h2" variant="h6" fontWeight={700}>
          Past orders
        </Typography>
        <PastOrders user={user} />
      </Paper>
    </Stack>
  );
}
