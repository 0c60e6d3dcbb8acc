import { useMutation } from '@tanstack/react-query';
import { ContactResponseSchema, type ContactInput } from '@studycircle/shared';
import { apiRequest } from '../../../lib/http';

/** `POST /api/contact`: sends the community page's contact form. */

export const sendContactMessageMutationKey = ['send-contact-message'] as const;

/** Resolves only for an OK status with the expected JSON body (docs/product.md §14.6). */
export async function sendContactMessage(input: ContactInput): Promise<void> {
  const data = await apiRequest<unknown>('/contact', { method: 'POST', body: input });
  ContactResponseSchema.parse(data);
}

export function useSendContactMessage() {
  return useMutation({
    mutationKey: sendContactMessageMutationKey,
    mutationFn: sendContactMessage,
  });
}
