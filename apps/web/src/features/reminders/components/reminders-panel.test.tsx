import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { VERIFY_EMAIL_MESSAGES } from '@studycircle/shared';
import { RemindersPanel } from './reminders-panel';

describe('RemindersPanel for an unverified address (docs/product.md §3.12)', () => {
  it('says why invitations are not listed instead of "all caught up"', () => {
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <RemindersPanel
            tasks={[]}
            invitations={[]}
            invitationsFailed={false}
            invitationsNotice={VERIFY_EMAIL_MESSAGES.bellNeedsVerifiedEmail}
            onNavigate={() => undefined}
          />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Room invitations' })).toHaveTextContent(
      VERIFY_EMAIL_MESSAGES.bellNeedsVerifiedEmail,
    );
    expect(screen.queryByText("You're all caught up")).toBeNull();
  });
});
