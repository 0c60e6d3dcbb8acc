/**
 * The dashboard's daily words (docs/product.md §4.2: 8 quotes and 7 messages, picked by day of
 * year). The quotes are well-known lines by long-dead authors, so they are in the public domain;
 * the messages are our own.
 */

export interface Quote {
  text: string;
  author: string;
}

export const DAILY_QUOTES: readonly Quote[] = [
  { text: 'Well begun is half done.', author: 'Aristotle' },
  { text: 'The roots of education are bitter, but the fruit is sweet.', author: 'Aristotle' },
  { text: 'It does not matter how slowly you go as long as you do not stop.', author: 'Confucius' },
  { text: 'Knowledge is power.', author: 'Francis Bacon' },
  {
    text: 'Genius is one per cent inspiration, ninety-nine per cent perspiration.',
    author: 'Thomas Edison',
  },
  { text: 'A journey of a thousand miles begins with a single step.', author: 'Lao Tzu' },
  { text: 'An investment in knowledge pays the best interest.', author: 'Benjamin Franklin' },
  { text: 'The mind is not a vessel to be filled, but a fire to be kindled.', author: 'Plutarch' },
];

export const DAILY_MESSAGES: readonly string[] = [
  'Small steps every day add up to big results.',
  'Pick one task and give it your full attention for the next 25 minutes.',
  'Explaining a topic to a friend is the fastest way to learn it.',
  'Review yesterday’s notes before starting something new.',
  'A short break now keeps your focus sharp for later.',
  'Progress, not perfection: tick off one thing today.',
  'Your study circle is stronger when you show up. Say hi to your group!',
];
