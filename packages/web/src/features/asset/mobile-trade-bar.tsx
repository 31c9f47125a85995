import { formatPrice, formatShares, type Asset, type User } from '@papertrade/domain';
import {
  Box,
  Button,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { TradeSide } from '../trading/api/place-market-order.ts';
import { TradingIn } from '../trading/index.ts';

interface MobileTradeBarProps {
  asset: Asset;
  user: User;
  onChoose: (side: TradeSide) => void;
}

/**
 * docs/pages.md, Asset: below the desktop layout a Trade button opens a sheet with 'Buy {symbol}' (current price) and,
 * when held, 'Sell {symbol}' (shares held); choosing one opens the full-screen trade form.
 */
export function MobileTradeBar({ asset, user, onChoose }: MobileTradeBarProps) {
  const [expanded, setExpanded] = useState(false);
  const held = user.assets[asset.symbol] ?? 0;
  const choose = (side: TradeSide) => {
    setExpanded(false);
    onChoose(side);
  };
  return (
    <Box
      sx={{
        // Below the desktop layout (a tablet, a desktop at 200 % zoom) too: there the panel is in
        // the page's one column, and this keeps a way to trade in reach. Above the bottom
        // navigation, which only phones have.
        display: { xs: 'block', md: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: { xs: 56, sm: 0 },
        p: 1.5,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        zIndex: (theme) => theme.zIndex.appBar - 1,
      }}
    >
      <Button
        variant="contained"
        fullWidth
        size="large"
        onClick={() => setExpanded(true)}
        aria-haspopup="dialog"
      >
        Trade
      </Button>
      <Drawer
        anchor="bottom"
        open={expanded}
        onClose={() => setExpanded(false)}
        slotProps={{
          // A modal sheet: the Trade button announces a dialog (aria-haspopup), so it is one.
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-label': `Trade ${asset.symbol}`,
            sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16 },
          },
        }}
      >
        <Typography component="h2" variant="subtitle1" fontWeight={700} sx={{ px: 2, pt: 2 }}>
          Trade {asset.symbol}
        </Typography>
        <Box sx={{ px: 2, pt: 0.5 }}>
          <TradingIn />
        </Box>
        <List>
          <ListItem disablePadding>
            <ListItemButton onClick={() => choose('PURCHASE')}>
              <ListItemText
                primary={`Buy ${asset.symbol}`}
                secondary={`$${formatPrice(asset.currentPrice)}`}
              />
            </ListItemButton>
          </ListItem>
          {held > 0 && (
            <ListItem disablePadding>
              <ListItemButton onClick={() => choose('SELL')}>
                <ListItemText
                  primary={`Sell ${asset.symbol}`}
                  secondary={`${formatShares(held)} ${asset.symbol} held`}
                />
              </ListItemButton>
            </ListItem>
          )}
        </List>
      </Drawer>
    </Box>
  );
}
