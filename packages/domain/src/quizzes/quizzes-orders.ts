import { lettered, type QuizQuestion } from './quiz.ts';

export const ORDER_QUIZZES: Record<string, QuizQuestion[]> = {
  'stop-loss': [
    {
      id: 'q1',
      text: 'Where does a stop-loss wait?',
      choices: lettered([
        'Above the current price',
        'Below the current price',
        'At the current price',
      ]),
      answer: 'b',
      explanation:
        'A stop-loss is a sell waiting below the price: it acts only if the price falls to it.',
    },
    {
      id: 'q2',
      text: 'SOL drops suddenly through your $180 stop. At what price may it sell?',
      choices: lettered(['Exactly $180', 'A little below $180', 'It does not sell']),
      answer: 'b',
      explanation:
        'Once triggered, a stop sells at the market, so a sudden drop can fill it a little below the stop.',
    },
    {
      id: 'q3',
      text: 'Where should a stop go?',
      choices: lettered([
        'Where your reason for owning the asset would be proven wrong',
        'As close to the price as possible',
        'Where the loss starts to hurt',
      ]),
      answer: 'a',
      explanation:
        'Too close and ordinary swings sell you out; too far and it protects little. Place it where your idea is proven wrong.',
    },
  ],
  'take-profit': [
    {
      id: 'q1',
      text: 'What is a take-profit?',
      choices: lettered([
        'A limit sell above the current price',
        'A stop below the current price',
        'A market buy',
      ]),
      answer: 'a',
      explanation:
        'A take-profit is a limit sell placed above the price: it fills when the price rises to your target.',
    },
    {
      id: 'q2',
      text: 'In a one-cancels-other (OCO) pair, what happens when one order fills?',
      choices: lettered(['The other fills too', 'The other is cancelled', 'Both are cancelled']),
      answer: 'b',
      explanation:
        'Both wait on the same shares; when one fills the other is cancelled, so the shares are never sold twice.',
    },
    {
      id: 'q3',
      text: 'The price never reaches your take-profit. What happens?',
      choices: lettered([
        'It sells at the market',
        'Nothing sells and the shares stay yours',
        'It turns into a stop',
      ]),
      answer: 'b',
      explanation: 'A take-profit is a limit order: if the price never gets there, nothing sells.',
    },
  ],
  'trailing-stop': [
    {
      id: 'q1',
      text: 'SOL is at $200 and you set a 10% trail. SOL rises to $250. Where is the stop?',
      choices: lettered(['$180', '$225', '$250']),
      answer: 'b',
      explanation:
        'The stop stays 10% below the highest price since you placed it: 10% below $250 is $225.',
    },
    {
      id: 'q2',
      text: 'What does a trailing stop do when the price falls?',
      choices: lettered(['Moves down with it', 'Stays where it is', 'Cancels itself']),
      answer: 'b',
      explanation: 'A trailing stop climbs with the price but never moves down.',
    },
    {
      id: 'q3',
      text: 'What does a tight trail risk?',
      choices: lettered([
        'Giving back most of the gain',
        'Selling on ordinary day-to-day swings',
        'Never selling',
      ]),
      answer: 'b',
      explanation:
        'A tight trail sells on ordinary swings; a wide one gives back more of the gain before it acts.',
    },
  ],
};
