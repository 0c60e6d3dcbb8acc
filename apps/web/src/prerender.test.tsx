import { describe, expect, it } from 'vitest';
import { renderLanding } from './prerender';

describe('renderLanding', () => {
  it('renders the landing page with the menu button disabled until React adopts it', async () => {
    const html = await renderLanding();
    expect(html).toContain('Learn. Collaborate. Succeed.');
    // A tap before hydration would otherwise be swallowed with no sign of why.
    expect(html).toMatch(/<button[^>]*aria-label="Open menu"[^>]*disabled=""/);
  });
});
