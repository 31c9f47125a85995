import { lettered, type QuizQuestion } from './quiz.ts';

export const MARKET_QUIZZES: Record<string, QuizQuestion[]> = {
  'liquidity-and-slippage': [
    {
      id: 'q1',
      text: 'The best bid is $99.90 and the best ask is $100.10. What is the mid, and what does a small market buy pay?',
      choices: lettered([
        'Mid $100.00; the buy pays about $100.10',
        'Mid $100.10; the buy pays $100.00',
        'Mid $99.90; the buy pays $99.90',
      ]),
      answer: 'a',
      explanation:
        'The mid is halfway between the best bid and the best ask; a buy takes the asks, so it pays at least the best ask.',
    },
    {
      id: 'q2',
      text: 'Why does a large market order pay a worse average price than a small one?',
      choices: lettered([
        'The exchange charges large orders a higher fee',
        'It uses up the best levels of the book and fills the rest at worse ones',
        'Large orders wait until the price moves',
      ]),
      answer: 'b',
      explanation:
        'Each level holds only so many shares: a big order walks the book level by level, and its average moves away from the mid.',
    },
    {
      id: 'q3',
      text: 'The same $20,000 buy goes to Bitcoin and to Monero. Which one slips more?',
      choices: lettered(['Bitcoin', 'Monero', 'Both slip the same']),
      answer: 'b',
      explanation:
        'Monero trades far less each day, so its book is thinner: the same order takes more levels and slips more.',
    },
    {
      id: 'q4',
      text: 'You set a maximum slippage of 20 bps on a market buy and the book is thin. What can happen?',
      choices: lettered([
        'It fills whole at any price',
        'Only the part that fits within 20 bps of the mid fills, or nothing at all',
        'It turns into a limit order that waits',
      ]),
      answer: 'b',
      explanation:
        'A slippage cap fills only what the book offers within it: part of the order, or nothing if even the first level is too far.',
    },
  ],
};
