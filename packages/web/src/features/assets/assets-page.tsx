import { formatPrice, type Asset } from '@papertrade/domain';
import {
  Alert,
  Box,
  Button,
  InputAdornment,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { withUrlParam } from '../../lib/url-param.ts';
import { AssetLink } from '../../components/asset-link.tsx';
import { buttonColumn, DataTable, type Column } from '../../components/data-table.tsx';
import { DayChange } from '../../components/day-change.tsx';
import { StalePriceNote, stalePriceSx } from '../../components/stale-price.tsx';
import { WatchStar } from '../../components/watch-star.tsx';
import { useTradeDialog } from '../trading/index.ts';
import { errorMessage } from '../../lib/api-client.ts';
import {
  ASSET_SORTS,
  filterAssets,
  isAssetSort,
  sortAssets,
  type AssetSort,
} from '../../lib/asset-order.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import { ASSET_LIST_MAX_HEIGHT } from '../../lib/ui-constants.ts';

const narrowHidden = { display: { xs: 'none', sm: 'table-cell' } };
/**
 * Phones: the asset column takes what price and Buy leave (max-width 0 with width 100% lets a
 * table cell be narrower than its text) and a long name ends in an ellipsis, so the Buy button
 * stays inside the card at 390px.
 */
const assetColumn = { width: { xs: '100%', sm: 'auto' }, maxWidth: { xs: 0, sm: 220 } };

/**
 * Every asset with its price and day change, filtered by name or symbol and sorted as chosen
 * (kept in the URL: ?q=&sort=); Buy opens the trade dialog for it.
 */
export default function AssetsPage() {
  const { data: assets, isPending, error } = useAllAssets();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const sortParam = params.get('sort');
  const sort: AssetSort = isAssetSort(sortParam) ? sortParam : 'listed';
  const shown = useMemo(
    () => (assets ? sortAssets(filterAssets(assets, query), sort) : undefined),
    [assets, query, sort],
  );
  const setParam = (key: 'q' | 'sort', value: string, fallback: string) =>
    setParams(withUrlParam(key, value, fallback), { replace: true });
  const { openTrade, dialog } = useTradeDialog();
  const columns: Column<Asset>[] = [
    {
      header: 'Asset',
      sx: assetColumn,
      cell: (asset) => (
        <>
          <AssetLink asset={asset} />
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            sx={{ display: 'block', ml: 5.5 }}
          >
            {asset.symbol}
          </Typography>
        </>
      ),
    },
    {
      header: 'Price',
      align: 'right',
      cell: (asset) => (
        <Box component="span" data-price sx={stalePriceSx(asset)}>
          ${formatPrice(asset.currentPrice)}
          <StalePriceNote asset={asset} />
          <DayChange
            value={asset.dayChangePercentage}
            sx={{ display: { xs: 'block', sm: 'none' } }}
          />
        </Box>
      ),
    },
    {
      header: 'Day change',
      align: 'right',
      sx: narrowHidden,
      cell: (asset) => <DayChange value={asset.dayChangePercentage} />,
    },
    buttonColumn('Trade', (asset) => (
      <Stack
        direction="row"
        spacing={0.5}
        sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
      >
        <WatchStar symbol={asset.symbol} />
        <Button
          size="small"
          variant="contained"
          onClick={() => openTrade(asset)}
          aria-label={`Buy ${asset.symbol}`}
        >
          Buy
        </Button>
      </Stack>
    )),
  ];
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          size="small"
          placeholder="Filter by name or symbol"
          value={query}
          onChange={(e) => setParam('q', e.target.value, '')}
          slotProps={{
            htmlInput: { 'aria-label': 'Filter assets', maxLength: 40 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ flex: 1, maxWidth: { sm: 360 } }}
        />
        <TextField
          select
          size="small"
          label="Sort by"
          value={sort}
          onChange={(e) => setParam('sort', e.target.value, 'listed')}
          sx={{ minWidth: 220 }}
        >
          {Object.entries(ASSET_SORTS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {/* Clips the sticky header's background to the card's rounded corners. */}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <DataTable
          label="Assets"
          columns={columns}
          rows={shown}
          rowKey={(asset) => asset.id}
          loading={isPending}
          empty={
            query.trim() ? `No assets match “${query.trim()}”.` : 'No assets are listed right now.'
          }
          hover
          container={{
            sx: { maxHeight: ASSET_LIST_MAX_HEIGHT },
            tabIndex: 0,
            'aria-label': 'Asset list',
          }}
          table={{ stickyHeader: true, sx: { '& td, & th': { px: { xs: 1, sm: 2 } } } }}
        />
      </Paper>
      {dialog}
    </>
  );
}
