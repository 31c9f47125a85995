import type { Lesson } from './lesson.ts';

/** How the market itself prices an order: its Try it places one and shows what it took. */
export const MARKET_LESSONS: Lesson[] = [
  {
    slug: 'liquidity-and-slippage',
    title: 'Liquidity, spread and slippage',
    summary: 'Why a big order on a thin coin costs more than the price on the screen.',
    minutes: 6,
    sections: [
      'Every exchange keeps an order book: sellers waiting at their asking prices (the asks) and buyers waiting at their bids. The price you see is the mid, halfway between the best bid and the best ask. The gap between them is the spread: a buy pays at least the best ask, a sell gets at most the best bid.',
      'Each level of the book holds only so many shares. A market order takes the best level first, then the next one, and the next, until it has all it asked for. Its average price is worse than the best level, and the distance from the mid is its slippage, counted in basis points (1 bp is 0.01 %, 100 bps is 1 %).',
      'Liquidity is how much the book holds near the mid. Bitcoin trades billions of dollars a day and its book is deep: a $20,000 order barely moves it. A small coin such as Monero trades a fraction of that, so the same order takes many levels and pays far more. Books also thin when the market moves fast, and refill over a minute or so after a big order.',
      'To pay less: split a big order into smaller ones, use a limit order that waits at your price, or set a maximum slippage on a market order, so that what cannot fill within it is not filled at all. Immediate or cancel (IOC) takes what is there at your price now and cancels the rest; Fill or kill (FOK) fills whole or not at all.',
      'Try it buys $20,000 of Monero at the market (less if you have less cash) and then shows the mid, the average price, the slippage and how many levels of the book the order took. Compare it with the trade panel’s preview of a $100 order.',
    ],
    tryIt: 'BOOK_WALK',
  },
];
