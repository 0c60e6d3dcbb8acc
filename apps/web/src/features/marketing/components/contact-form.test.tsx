import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/render';
import { ContactForm } from './contact-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ContactForm', () => {
  it('is not submittable in server-rendered markup, before React adopts it', () => {
    // A native submit there would be a GET with every field in the address.
    const html = renderToString(<ContactForm />);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""/);
  });

  it('brings its own query cache and sends the message once rendered in the browser', async () => {
    const { calls } = mockApi({
      'GET /api/config': { body: { iceServers: [], contactEmail: 'team@example.com' } },
      'POST /api/contact': { status: 201, body: { ok: true } },
    });
    render(<ContactForm />);
    const user = userEvent.setup();
    const submit = screen.getByRole('button', { name: 'Send Message' });
    expect(submit).toBeEnabled();
    await user.type(screen.getByLabelText('Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Rooms');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('Message sent successfully!');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/contact',
      body: { name: 'Asha Rao', email: 'asha@example.com', subject: 'Rooms', message: 'Hello' },
    });
  });
});
