import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { Alert, Box, Button, Typography } from '@mui/material';
import { formatUsd, STARTING_BALANCE_USD } from '@papertrade/domain';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ACCOUNT_DELETED_PARAM } from '../../lib/account-deleted.ts';
import { useDocumentTitle } from '../../lib/page-title.tsx';
import { LandingTopBar } from './landing-top-bar.tsx';

const FEATURES = [
  {
    icon: SwapHoriz,
    title: 'Trade without risk',
    text: 'Buy and sell about twenty well-known crypto assets at live simulated prices, in dollars or in shares.',
  },
  {
    icon: VisibilityOutlined,
    title: 'Follow the market',
    text: 'Candlestick charts, day changes and a watchlist keep the assets you care about in view.',
  },
  {
    icon: EmojiEventsOutlined,
    title: 'Learn and compete',
    text: 'Learn how orders work, then see how your returns rank on the leaderboard.',
  },
];

// The landing page has a 150 KB JavaScript budget (docs/performance.md). So: APP_ICONS.trade, .watchlist
// and .trophy imported one by one rather than the whole map, and Box with the styles of MUI's
// Container and outlined Card rather than those components' code.
const column = (maxWidth: 'md' | 'lg') => ({ maxWidth, mx: 'auto', px: { xs: 2, sm: 3 } });
const outlinedCard = {
  bgcolor: 'background.paper',
  color: 'text.primary',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
};

/** After deleting an account the browser lands here: say it is done, once (a reload does not repeat it). */
function AccountDeletedNotice() {
  const [params, setParams] = useSearchParams();
  const [deleted] = useState(() => params.has(ACCOUNT_DELETED_PARAM));
  useEffect(() => {
    if (deleted) setParams({}, { replace: true });
  }, [deleted, setParams]);
  if (!deleted) return null;
  return (
    <Box sx={{ ...column('md'), pt: 3 }}>
      <Alert severity="success">
        Your account, its history and its uploads were deleted. You are signed out everywhere.
      </Alert>
    </Box>
  );
}

export default function LandingPage() {
  useDocumentTitle('Practise crypto trading');
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <LandingTopBar />
      <Box component="main">
        <AccountDeletedNotice />
        <Box sx={{ ...column('md'), py: { xs: 6, sm: 10 }, textAlign: 'center' }}>
          <Typography
            component="h1"
            variant="h3"
            fontWeight={800}
            sx={{ fontSize: { xs: '2rem', sm: '3rem' } }}
          >
            Practise crypto trading with {formatUsd(STARTING_BALANCE_USD, 0)} in demo money
          </Typography>
          <Typography
            variant="h6"
            component="p"
            color="text.secondary"
            sx={{ mt: 2, fontWeight: 400 }}
          >
            PaperTrade is a paper-trading simulator: a real-feeling market, your own portfolio and
            no money at stake. Try a strategy, make mistakes and learn before it costs anything.
          </Typography>
          <Box
            sx={{
              mt: 4,
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              justifyContent: 'center',
              gap: 2,
            }}
          >
            <Button component={RouterLink} to="/sign-up" variant="contained" size="large">
              Start trading for free
            </Button>
            <Button component={RouterLink} to="/login" variant="outlined" size="large">
              I already have an account
            </Button>
          </Box>
        </Box>
        <Box sx={{ ...column('lg'), pb: 8 }}>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Box key={title} sx={{ ...outlinedCard, p: 2, pb: 3 }}>
                <Icon color="primary" fontSize="large" />
                <Typography component="h2" variant="h6" fontWeight={700} sx={{ mt: 1 }}>
                  {title}
                </Typography>
                <Typography color="text.secondary">{text}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </Box>
      <Box
        component="footer"
        sx={{ py: 3, textAlign: 'center', borderTop: 1, borderColor: 'divider' }}
      >
        <Typography variant="body2" color="text.secondary">
          PaperTrade uses simulated prices and demo money only. Nothing here is financial advice.
        </Typography>
      </Box>
    </Box>
  );
}
