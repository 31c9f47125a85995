import { Accordion, AccordionDetails, AccordionSummary, Stack, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';

const LESSONS = [
  {
    title: 'What is paper trading?',
    text: 'Paper trading is practice with pretend money. Prices move like a real market, but your balance is demo dollars, so mistakes cost nothing and you can reset and try again.',
  },
  {
    title: 'Market orders',
    text: 'A market order buys or sells straight away at the current price. Enter the amount in dollars (for example $100 of Bitcoin) or in shares (for example 0.01 BTC); the panel shows what the other side comes to before you confirm.',
  },
  {
    title: 'Limit orders',
    text: 'A limit order waits until the price reaches the level you choose. A buy limit fills at or below your price, a sell limit at or above it. Until it fills, the money or shares it needs are set aside.',
  },
  {
    title: 'Reading a candlestick chart',
    text: 'Each candle covers one interval (a minute, an hour or a day). Its body spans the opening and closing price; the thin wicks show the highest and lowest price. Green candles closed higher than they opened, red ones lower.',
  },
  {
    title: 'Total balance and return',
    text: 'Your total balance is your cash plus your holdings at current prices plus the money tied up in waiting orders. Your return compares it with the balance you started with.',
  },
];

/** A first learn page: short lessons on the ideas the app uses. */
export default function LearnPage() {
  return (
    <Stack spacing={1} sx={{ maxWidth: 800 }}>
      {LESSONS.map((lesson) => (
        <Accordion key={lesson.title} variant="outlined" disableGutters>
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Typography component="h2" fontWeight={700}>
              {lesson.title}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography>{lesson.text}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Stack>
  );
}
