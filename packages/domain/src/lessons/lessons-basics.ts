import type { Lesson } from './lesson.ts';

export const BASIC_LESSONS: Lesson[] = [
  {
    slug: 'paper-trading',
    title: 'What paper trading is',
    summary: 'Practise with pretend money before risking real money.',
    minutes: 4,
    sections: [
      'Paper trading means placing simulated trades with a demo balance instead of real money. The prices here move like a real market, but every dollar is pretend, so a mistake costs nothing except the lesson you learn from it.',
      'Use it to learn how orders work, to try a strategy over weeks rather than minutes, and to see how you react when a position moves against you. Treat the demo balance as if it were real: habits formed with pretend money carry over.',
      'Keep in mind what paper trading cannot show. Real orders can fill at a worse price than you saw (slippage), real markets charge fees, and losing real money feels very different. A strategy that works on paper is a starting point, not a promise.',
      'You can reset your account from the Account page with a new starting balance whenever you want a clean slate; your earlier history stays viewable as archived.',
    ],
  },
  {
    slug: 'market-orders',
    title: 'Market orders',
    summary: 'Buy or sell right now at the current price.',
    minutes: 4,
    sections: [
      'A market order says "buy (or sell) now, at whatever the price is". It fills immediately at the current market price. You choose how much: an amount in dollars (for example $100 of Bitcoin) or a number of units (for example 0.01 BTC).',
      'When you enter dollars, the number of units you get is the dollars divided by the price. When you enter units, the cost is the units times the price. The trade panel shows this estimate before you confirm.',
      'The advantage of a market order is certainty of execution: it always fills. The price is the one part you do not control. In a fast market the price can move between the moment you look and the moment the order runs, so the fill may differ slightly from what you saw.',
      'Market orders suit liquid assets and situations where getting in or out now matters more than the last few cents.',
    ],
  },
  {
    slug: 'limit-orders',
    title: 'Limit orders and when they fill',
    summary: 'Name your price and let the order wait for it.',
    minutes: 5,
    sections: [
      'A limit order sets the worst price you accept. A buy limit fills only at or below your limit price; a sell limit fills only at or above it. Until the market reaches your price, the order is "working".',
      'Example: Bitcoin trades at $60,000 and you place a buy limit at $58,000. Nothing happens while the price stays above $58,000. If it falls to $58,000 or lower, the order fills. If it never gets there, the order never fills.',
      'While an order is working, the money (for a buy) or the units (for a sell) it needs are set aside so they cannot be spent twice. Cancelling the order releases them. Your total balance still counts them.',
      'Limit orders give you price control at the cost of certainty: you may miss a move entirely. They are useful for buying dips you expect, for taking profit at a target, and for not chasing a price that is jumping around.',
    ],
  },
  {
    slug: 'candlestick-charts',
    title: 'Reading a candlestick chart',
    summary: 'Open, high, low and close in one shape.',
    minutes: 5,
    sections: [
      'Each candle covers one interval: a minute, an hour or a day. It shows four prices: where the interval opened, the highest and lowest prices reached, and where it closed.',
      'The thick body spans the open and the close. A green (rising) candle closed higher than it opened; a red (falling) candle closed lower. The thin lines above and below the body, called wicks or shadows, reach the high and the low.',
      'Long wicks mean the price travelled far but was pushed back: a long lower wick shows buyers stepped in after a drop. A small body with long wicks shows indecision. A run of large bodies in one direction shows a strong trend.',
      'Change the interval to change the story: one-minute candles show noise, daily candles show the trend. Look at more than one before deciding, and remember patterns describe the past; they do not guarantee the next move.',
    ],
  },
];
