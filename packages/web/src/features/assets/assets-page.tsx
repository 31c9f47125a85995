import { ASSET_LIST_MAX_HEIGHT, formatPrice } from '@papertrade/domain';
import {
  Alert,
  Button,
  Paper,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { AssetLink } from '../../components/asset-link.tsx';
import { DayChange } from '../../components/day-change.tsx';
import { useTradeDialog } from '../../components/trade-panel/use-trade-dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAllAssets } from '../market/api/get-all-assets.ts';

const narrowHidden = { display: { xs: 'none', sm: 'table-cell' } };

/** Every asset with its price and day change; Buy opens the trade dialog for it. */
export default function AssetsPage() {
  const { data: assets, isPending, error } = useAllAssets();
  const { openTrade, dialog } = useTradeDialog();
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(error)}
        </Alert>
      )}
      <Paper variant="outlined">
        <TableContainer
          sx={{ maxHeight: ASSET_LIST_MAX_HEIGHT }}
          tabIndex={0}
          aria-label="Asset list"
        >
          <Table stickyHeader aria-label="Assets" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Asset</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right" sx={narrowHidden}>
                  Day change
                </TableCell>
                <TableCell align="right">
                  <span
                    style={{
                      position: 'absolute',
                      width: 1,
                      height: 1,
                      overflow: 'hidden',
                      clip: 'rect(0 0 0 0)',
                    }}
                  >
                    Trade
                  </span>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {isPending &&
                [0, 1, 2, 3, 4].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={4}>
                      <Skeleton height={32} />
                    </TableCell>
                  </TableRow>
                ))}
              {assets?.map((asset) => (
                <TableRow key={asset.id} hover>
                  <TableCell sx={{ maxWidth: 220 }}>
                    <AssetLink asset={asset} />
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block', ml: 5.5 }}
                    >
                      {asset.symbol}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">
                    ${formatPrice(asset.currentPrice)}
                    <DayChange
                      value={asset.dayChangePercentage}
                      sx={{ display: { xs: 'block', sm: 'none' } }}
                    />
                  </TableCell>
                  <TableCell align="right" sx={narrowHidden}>
                    <DayChange value={asset.dayChangePercentage} />
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      variant="contained"
                      onClick={() => openTrade(asset)}
                      aria-label={`Buy ${asset.symbol}`}
                    >
                      Buy
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {assets?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={4}>No assets are listed right now.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {dialog}
    </>
  );
}
