import type { Lesson } from './lesson.ts';

export const RISK_LESSONS: Lesson[] = [
  {
    slug: 'volatility-and-risk',
    title: 'Volatility and risk',
    summary: 'How much prices swing, and what that means for you.',
    minutes: 4,
    sections: [
      'Volatility measures how much a price moves. Crypto assets are far more volatile than most shares or bonds: moves of 5% in a day are common, and falls of 50% or more from a peak have happened many times.',
      'Higher volatility means larger possible gains and larger possible losses. Losses also weigh more than they look: after a 50% fall you need a 100% rise just to get back to where you started.',
      'Decide before you buy how much of a fall you can accept and what you will do if it happens. Some traders use a stop (a sell order placed below the current price) to limit the loss on a position.',
      'A simple test: if a position halved tomorrow, would it change your plans or your sleep? If yes, it is probably too big.',
    ],
  },
  {
    slug: 'position-sizing',
    title: 'Position sizing and diversification',
    summary: 'Never let one trade decide your whole account.',
    minutes: 5,
    sections: [
      'Position sizing is deciding how much of your balance goes into one trade. A common rule is to risk only 1–2% of your account on any single idea: with $100,000, a trade you are ready to exit after a 10% fall would be about $10,000–$20,000 in size.',
      'Diversification means spreading money over several assets whose prices do not always move together, so one bad outcome does not sink everything. In crypto, many coins tend to move with Bitcoin, so holding ten coins is less diversified than it sounds.',
      'Keep some cash. Cash lets you act on new opportunities and is the one holding that does not fall when the market does.',
      'Review your holdings on the Home page: the value and gain of each position show at a glance where most of your risk sits.',
    ],
  },
  {
    slug: 'fees-and-spreads',
    title: 'Fees and spreads in real markets',
    summary: 'The costs this simulator leaves out.',
    minutes: 5,
    sections: [
      'This simulator fills orders at one price and charges no fees. Real exchanges do not work that way, and the difference adds up.',
      'Exchanges charge a trading fee, usually a percentage of each trade (often between 0.1% and 0.6% for crypto). A round trip (buy, then sell) pays it twice. Withdrawals and card purchases can cost extra.',
      'The spread is the gap between the best price a buyer offers (the bid) and the best price a seller asks (the ask). You buy at the ask and sell at the bid, so an immediate round trip loses the spread even if the market does not move. Less traded assets have wider spreads.',
      'Large orders can also move the price against you as they use up the best offers (slippage). Before trading for real, add these costs to your paper results: a strategy that trades often can turn from profitable to losing once fees are counted.',
    ],
  },
  {
    slug: 'trading-journal',
    title: 'Keeping a trading journal',
    summary: 'Write down why, so you can learn from what happened.',
    minutes: 4,
    sections: [
      'A trading journal is a simple record of every trade: what you bought or sold, when, at what price, how much, and, most importantly, why. Add what you planned to do if it went wrong and how you felt at the time.',
      'After the trade closes, note the result and whether you followed your plan. Over a few weeks patterns appear: maybe your best trades follow a clear plan and your worst ones follow a sudden urge.',
      'Your Transactions page lists every trade and can export it as a CSV file, which you can open in a spreadsheet and extend with your own notes.',
      'Review the journal regularly. The goal is not to be right every time, which nobody is, but to make fewer repeated mistakes.',
    ],
  },
];
