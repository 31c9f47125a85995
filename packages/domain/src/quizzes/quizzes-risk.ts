import { lettered, type QuizQuestion } from './quiz.ts';

export const RISK_QUIZZES: Record<string, QuizQuestion[]> = {
  'volatility-and-risk': [
    {
      id: 'q1',
      text: 'What does volatility measure?',
      choices: lettered([
        'How much a price moves',
        'How many people trade an asset',
        'The fee of a trade',
      ]),
      answer: 'a',
      explanation:
        'Volatility is how much a price swings; crypto assets swing far more than most shares or bonds.',
    },
    {
      id: 'q2',
      text: 'A position falls 50%. What rise brings it back to where it started?',
      choices: lettered(['50%', '75%', '100%']),
      answer: 'c',
      explanation:
        'After halving, the position must double to recover: losses weigh more than they look.',
    },
    {
      id: 'q3',
      text: 'When should you decide how much of a fall you can accept?',
      choices: lettered([
        'Before you buy',
        'Once the price has fallen',
        'Never: markets always come back',
      ]),
      answer: 'a',
      explanation:
        'Decide the loss you accept, and what you will do then, before buying, while you can still think calmly.',
    },
  ],
  'position-sizing': [
    {
      id: 'q1',
      text: 'What does position sizing decide?',
      choices: lettered([
        'How much of your balance goes into one trade',
        'Which asset to buy',
        'When the market opens',
      ]),
      answer: 'a',
      explanation:
        'Position sizing is how much of the balance one trade gets, so no single idea decides the account.',
    },
    {
      id: 'q2',
      text: 'Why is holding ten coins often less diversified than it sounds?',
      choices: lettered([
        'Coins cannot be held together',
        'Many coins tend to move with Bitcoin',
        'Ten is too few to count',
      ]),
      answer: 'b',
      explanation:
        'Diversification needs assets that do not always move together; many coins follow Bitcoin.',
    },
    {
      id: 'q3',
      text: 'What does keeping some cash give you?',
      choices: lettered([
        'A guaranteed return',
        'Room to act on new opportunities, and a holding that does not fall with the market',
        'Lower fees',
      ]),
      answer: 'b',
      explanation:
        'Cash is the one holding that does not fall when the market does, and it lets you act.',
    },
  ],
  'fees-and-spreads': [
    {
      id: 'q1',
      text: 'How many times does a round trip (a buy, then a sell) pay the trading fee?',
      choices: lettered(['Once', 'Twice', 'Never']),
      answer: 'b',
      explanation: 'The fee is charged on each trade, so a buy and then a sell pay it twice.',
    },
    {
      id: 'q2',
      text: 'What is the spread?',
      choices: lettered([
        'The gap between the best bid and the best ask',
        'The range of a candle',
        'The fee for a withdrawal',
      ]),
      answer: 'a',
      explanation:
        'You buy at the ask and sell at the bid, so an immediate round trip loses the spread even if nothing moves.',
    },
    {
      id: 'q3',
      text: 'What is slippage?',
      choices: lettered([
        'A fee for cancelling',
        'A large order moving the price against you as it uses up the best offers',
        'A price alert',
      ]),
      answer: 'b',
      explanation:
        'A large order consumes the best offers first, then fills at worse prices: that difference is slippage.',
    },
  ],
  'trading-journal': [
    {
      id: 'q1',
      text: 'What is the most important thing to write down for each trade?',
      choices: lettered(['The time of day', 'Why you made it', 'The colour of the candle']),
      answer: 'b',
      explanation:
        'What, when, price and size matter, but why you traded is what lets you learn from the result.',
    },
    {
      id: 'q2',
      text: 'What is the goal of reviewing your journal?',
      choices: lettered([
        'Being right every time',
        'Making fewer repeated mistakes',
        'Trading more often',
      ]),
      answer: 'b',
      explanation:
        'Nobody is right every time; a journal helps you spot and stop repeating mistakes.',
    },
    {
      id: 'q3',
      text: 'Where can you export every trade as a CSV file?',
      choices: lettered(['The Transactions page', 'The Learn page', 'The leaderboard']),
      answer: 'a',
      explanation:
        'The Transactions page lists every trade and exports them as CSV, which you can extend with notes.',
    },
  ],
};
