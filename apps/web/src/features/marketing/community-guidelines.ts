/**
 * The six community guidelines (docs/product.md §14.3): the community page shows them in full and
 * the landing page's community section lists them, so both say the same thing.
 */
export const GUIDELINES = [
  {
    title: 'Be respectful',
    text: 'Treat everyone kindly. Disagree with ideas, never with people, and remember that everyone is learning.',
  },
  {
    title: 'Share original content',
    text: 'Post your own notes and work, credit your sources, and never share material you have no right to share.',
  },
  {
    title: 'Keep it safe and private',
    text: 'Do not post personal details, yours or anyone else’s. Report anything that feels unsafe.',
  },
  {
    title: 'No spam',
    text: 'No advertising, self-promotion or repeated posts. Keep conversations focused on learning.',
  },
  {
    title: 'Collaborate',
    text: 'Study together rather than copy: explain your reasoning and help others find theirs.',
  },
  {
    title: 'Contribute',
    text: 'Answer a question, share a resource, welcome a newcomer. The community grows with what you give.',
  },
] as const;
