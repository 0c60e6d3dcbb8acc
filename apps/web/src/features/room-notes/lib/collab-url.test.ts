import { describe, expect, it } from 'vitest';
import { collabUrl } from './collab-url';

describe('collabUrl', () => {
  it('opens the notes on the page’s own origin, secure on a secure page', () => {
    expect(collabUrl({ protocol: 'https:', host: 'study.example:8443' })).toBe(
      'wss://study.example:8443/api/collab',
    );
    expect(collabUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/api/collab',
    );
  });
});
