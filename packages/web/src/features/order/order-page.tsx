import { Paper } from '@mui/material';
import { useSearchParams } from 'react-router';
import { TradePanel } from '../../components/trade-panel/trade-panel.tsx';
import { findAsset, useAllAssets } from '../market/api/get-all-assets.ts';

/** /order?pair=&side=: the trade panel on its own page, with the asset picker. */
export default function OrderPage() {
  const [params] = useSearchParams();
  const { data: assets } = useAllAssets();
  const asset = findAsset(assets, params.get('pair'));
  const side = params.get('side')?.toUpperCase() === 'SELL' ? 'SELL' : 'BUY';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, mx: 'auto' }}>
      <TradePanel
        key={`${asset?.id ?? 'default'}-${side}`}
        asset={asset}
        initialSide={side}
        showAssetPicker
      />
    </Paper>
  );
}
