import { formatUsd, STARTING_BALANCE_USD } from '@papertrade/domain';
import { Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { APP_ICONS } from '../../components/app-icons.ts';
import { useDocumentTitle } from '../../lib/page-title.tsx';
import { LandingTopBar } from './landing-top-bar.tsx';

const FEATURES = [
  {
    icon: APP_ICONS.trade,
    title: 'Trade without risk',
    text: 'Buy and sell about twenty well-known crypto assets at live simulated prices, in dollars or in shares.',
  },
  {
    icon: APP_ICONS.watchlist,
    title: 'Follow the market',
    text: 'Candlestick charts, day changes and a watchlist keep the assets you care about in view.',
  },
  {
    icon: APP_ICONS.trophy,
    title: 'Learn and compete',
    text: 'Learn how orders work, then see how your returns rank on the leaderboard.',
  },
];

export default function LandingPage() {
  useDocumentTitle('Practise crypto trading');
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <LandingTopBar />
      <Box component="main">
        <Container maxWidth="md" sx={{ py: { xs: 6, sm: 10 }, textAlign: 'center' }}>
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
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            justifyContent="center"
            sx={{ mt: 4 }}
          >
            <Button component={RouterLink} to="/sign-up" variant="contained" size="large">
              Start trading for free
            </Button>
            <Button component={RouterLink} to="/login" variant="outlined" size="large">
              I already have an account
            </Button>
          </Stack>
        </Container>
        <Container maxWidth="lg" sx={{ pb: 8 }}>
          <Grid container spacing={3}>
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Grid key={title} size={{ xs: 12, md: 4 }}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardContent>
                    <Icon color="primary" fontSize="large" />
                    <Typography component="h2" variant="h6" fontWeight={700} sx={{ mt: 1 }}>
                      {title}
                    </Typography>
                    <Typography color="text.secondary">{text}</Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Container>
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
