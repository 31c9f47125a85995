import type { Lesson } from './lesson.ts';

/** Orders that protect a position: each ends with "Try it" (try-it.ts says which panel it opens). */
export const ORDER_LESSONS: Lesson[] = [
  {
    slug: 'stop-loss',
    title: 'Stop-loss orders',
    summary: 'Decide where you get out before the price decides for you.',
    minutes: 5,
    sections: [
      'A stop-loss is a sell order that waits below the current price. While the price stays above your stop, nothing happens. If the price falls to the stop, the order sells at the market, so a losing position is closed before the loss grows.',
      'Example: you own SOL bought at $200 and decide you can accept a 10% loss. A stop at $180 sells if SOL falls to $180. Because it then sells at the market, a sudden drop can fill it a little below $180. A stop-limit also sets the lowest price you accept, at the risk of not selling at all when the price jumps past it.',
      'Put the stop where your reason for owning the asset would be proven wrong, not simply where the loss starts to hurt. Too close, and ordinary swings sell you out (see Volatility and risk); too far, and it protects little. Then size the position so that the loss at the stop is one you accept (see Position sizing).',
      'Try it opens the trade panel with a Stop sell on the asset you hold the most of. If you hold nothing yet, it opens a Limit buy with "Protect this trade" showing its stop-loss: the stop is placed for you as soon as the buy fills.',
    ],
    tryIt: 'STOP_LOSS',
  },
  {
    slug: 'take-profit',
    title: 'Take-profit orders',
    summary: 'Sell at your target without watching the screen.',
    minutes: 5,
    sections: [
      'A take-profit is a limit sell placed above the current price: it fills when the price rises to your target, so a gain is taken even while you are away. If the price never gets there, nothing sells and the shares stay yours.',
      'Example: you bought SOL at $200 and aim for a 15% gain. A take-profit at $230 sells if SOL reaches $230. Set the target before you buy, from a reason such as an earlier high, rather than a hope; a common check is that the distance to the target is at least as large as the distance to your stop-loss.',
      'A take-profit is usually paired with a stop-loss: one of the two ends the trade. Placed as one-cancels-other (OCO), both wait on the same shares, and when one fills the other is cancelled, so the shares are never sold twice. When you buy, "Protect this trade" attaches both to the buy (a bracket): they start working once the buy fills.',
      'Try it opens the trade panel with a take-profit + stop-loss (OCO) sell on the asset you hold the most of. If you hold nothing yet, it opens a Limit buy with "Protect this trade" showing its take-profit.',
    ],
    tryIt: 'TAKE_PROFIT',
  },
  {
    slug: 'trailing-stop',
    title: 'Trailing stops',
    summary: 'A stop-loss that follows the price up.',
    minutes: 5,
    sections: [
      'A trailing stop is a stop-loss that moves. Instead of a fixed price you choose a trail, a percentage or a dollar amount, and the stop stays that far below the highest price since you placed it. When the price climbs, the stop climbs with it; when the price falls, the stop stays where it is.',
      'Example: SOL is at $200 and you set a 10% trail, so the stop starts at $180. SOL rises to $250 and the stop rises to $225. When SOL then falls back to $225, the order sells at the market: you keep most of the rise instead of riding the whole fall.',
      'The width of the trail is the whole decision. A tight trail sells on ordinary day-to-day swings; a wide one gives back more of the gain before it acts. Compare it with how far the asset usually moves in a day or a week. A trailing stop never moves down, and it cannot tell a short dip from the start of a real fall.',
      'Try it opens the trade panel with a Trailing stop sell on the asset you hold the most of. If you hold nothing yet, it opens a Limit buy with "Protect this trade" showing a trailing stop-loss, which starts following the price once the buy fills.',
    ],
    tryIt: 'TRAILING_STOP',
  },
];
