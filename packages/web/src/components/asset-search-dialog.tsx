import { displayAssetName, formatPrice, type Asset } from '@papertrade/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useAllAssets } from '../lib/api/get-all-assets.ts';
import { errorMessage } from '../lib/api-client.ts';
import { filterAssets } from '../lib/asset-order.ts';
import { useIsMobile } from '../lib/breakpoints.ts';
import { AssetAvatar } from './asset-avatar.tsx';
import { DayChange } from './day-change.tsx';
import { WatchStar } from './watch-star.tsx';

interface AssetSearchDialogProps {
  open: boolean;
  onClose: () => void;
  onPick: (asset: Asset) => void;
  title?: string;
  /** Only these assets can be picked (a contest's allowed symbols). */
  filter?: (asset: Asset) => boolean;
}

export default function AssetSearchDialog({
  open,
  onClose,
  onPick,
  title = 'Search assets',
  filter,
}: AssetSearchDialogProps) {
  const [query, setQuery] = useState('');
  const { data: assets, isPending, error } = useAllAssets();
  const matches = useMemo(
    () => filterAssets(filter ? (assets ?? []).filter(filter) : (assets ?? []), query),
    [assets, query, filter],
  );
  const isMobile = useIsMobile();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      aria-labelledby="asset-search-title"
    >
      {/* Full screen on a phone, so it needs its own way out: a back arrow where apps put one. */}
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: isMobile ? 1 : 3 }}>
        {isMobile && (
          <IconButton aria-label="Close search" onClick={onClose} edge="start">
            <ArrowBack />
          </IconButton>
        )}
        {/* The dialog's name: the title alone, not the close button's label beside it. */}
        <Box component="span" id="asset-search-title" sx={{ flexGrow: 1 }}>
          {title}
        </Box>
        {!isMobile && (
          <IconButton aria-label="Close search" onClick={onClose} edge="end">
            <Close />
          </IconButton>
        )}
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        <TextField
          autoFocus
          fullWidth
          placeholder="Search assets"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search assets', maxLength: 40 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
          sx={{ mt: 1, mb: 1 }}
        />
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {isPending && [0, 1, 2, 3].map((i) => <Skeleton key={i} height={56} />)}
        {assets && matches.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            No assets match “{query.trim()}”
          </Typography>
        )}
        <List aria-label="Assets">
          {matches.map((asset) => (
            <ListItem
              key={asset.id}
              disablePadding
              secondaryAction={<WatchStar symbol={asset.symbol} />}
            >
              <ListItemButton onClick={() => onPick(asset)} sx={{ borderRadius: 2 }}>
                <ListItemAvatar sx={{ minWidth: 48 }}>
                  <AssetAvatar asset={asset} />
                </ListItemAvatar>
                <ListItemText primary={displayAssetName(asset.name)} secondary={asset.symbol} />
                <Box sx={{ textAlign: 'right', ml: 1 }} data-price>
                  <Typography variant="body2" fontWeight={600}>
                    ${formatPrice(asset.currentPrice)}
                  </Typography>
                  <DayChange value={asset.dayChangePercentage} />
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
