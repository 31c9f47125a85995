import { lettered, type QuizQuestion } from './quiz.ts';

export const BASIC_QUIZZES: Record<string, QuizQuestion[]> = {
  'paper-trading': [
    {
      id: 'q1',
      text: 'What does a losing paper trade cost you?',
      choices: lettered(['The amount lost, in real dollars', 'Nothing but pretend money', 'A fee']),
      answer: 'b',
      explanation:
        'Every dollar in paper trading is pretend: a mistake costs nothing except the lesson you learn from it.',
    },
    {
      id: 'q2',
      text: 'Which of these can paper trading NOT show you?',
      choices: lettered([
        'How an order type works',
        'How a strategy does over several weeks',
        'How losing real money feels',
      ]),
      answer: 'c',
      explanation:
        'Paper trading teaches orders and lets you test a strategy over time, but losing real money feels very different.',
    },
    {
      id: 'q3',
      text: 'A strategy made money on paper. What does that tell you?',
      choices: lettered([
        'It will make money with real money too',
        'It is a starting point, not a promise',
        'It can no longer lose',
      ]),
      answer: 'b',
      explanation:
        'Real markets add slippage, fees and emotions: a strategy that works on paper is a starting point, not a promise.',
    },
  ],
  'market-orders': [
    {
      id: 'q1',
      text: 'What does a market order guarantee?',
      choices: lettered(['The price you saw', 'That it fills now', 'A profit']),
      answer: 'b',
      explanation:
        'A market order always fills, at whatever the price is when it runs: certainty of execution, not of price.',
    },
    {
      id: 'q2',
      text: 'You buy $100 of a coin priced at $50. How many units do you get?',
      choices: lettered(['0.5', '2', '50']),
      answer: 'b',
      explanation: 'Units are the dollars divided by the price: $100 / $50 = 2 units.',
    },
    {
      id: 'q3',
      text: 'When does a market order suit you best?',
      choices: lettered([
        'When getting in or out now matters more than the last few cents',
        'When you want to name your exact price',
        'When the market is closed',
      ]),
      answer: 'a',
      explanation:
        'A market order trades the price for certainty: it suits liquid assets when acting now matters most.',
    },
  ],
  'limit-orders': [
    {
      id: 'q1',
      text: 'Bitcoin trades at $60,000. You place a buy limit at $58,000. When does it fill?',
      choices: lettered([
        'At once, at $60,000',
        'When the price falls to $58,000 or lower',
        'When the price rises to $58,000 or higher',
      ]),
      answer: 'b',
      explanation:
        'A buy limit fills only at or below its limit price; until the market gets there the order is working.',
    },
    {
      id: 'q2',
      text: 'What happens to the money a working buy limit needs?',
      choices: lettered([
        'It is set aside until the order fills or is cancelled',
        'It is spent at once',
        'Nothing: it can be spent on other orders too',
      ]),
      answer: 'a',
      explanation:
        'A working order reserves what it needs so it cannot be spent twice; cancelling releases it.',
    },
    {
      id: 'q3',
      text: 'What is the price of the control a limit order gives you?',
      choices: lettered(['A higher fee', 'It may never fill', 'It fills at a worse price']),
      answer: 'b',
      explanation:
        'A limit order gives price control at the cost of certainty: if the market never reaches your price, it never fills.',
    },
  ],
  'candlestick-charts': [
    {
      id: 'q1',
      text: 'Which four prices does one candle show?',
      choices: lettered([
        'Open, high, low and close',
        'Bid, ask, last and average',
        'Buy, sell, stop and limit',
      ]),
      answer: 'a',
      explanation:
        'Each candle covers one interval and shows where it opened, its highest and lowest prices, and where it closed.',
    },
    {
      id: 'q2',
      text: 'A green candle means that over its interval the price…',
      choices: lettered([
        'closed higher than it opened',
        'closed lower than it opened',
        'did not move',
      ]),
      answer: 'a',
      explanation: 'A green (rising) candle closed above its open; a red (falling) one below it.',
    },
    {
      id: 'q3',
      text: 'What does a long lower wick show?',
      choices: lettered([
        'The price never went below the open',
        'Buyers stepped in after a drop',
        'The market was closed',
      ]),
      answer: 'b',
      explanation:
        'The wick reaches the low: the price travelled far down but was pushed back up, so buyers stepped in.',
    },
    {
      id: 'q4',
      text: 'Do candlestick patterns guarantee the next move?',
      choices: lettered([
        'Yes, if the pattern is clear',
        'No, they describe the past',
        'Only on daily candles',
      ]),
      answer: 'b',
      explanation:
        'Patterns describe what happened; look at more than one interval before deciding, and expect surprises.',
    },
  ],
};
