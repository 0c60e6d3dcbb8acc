import { Check, X } from 'lucide-react';
import type { JoinRequest } from '@studycircle/shared';
import { errorMessage } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { useAnswerJoinRequest, useJoinRequests } from '../api/join-requests';

/**
 * The requests to join waiting for the room's owner and admins, at the top of the room page and
 * looked for again every few seconds while it is open: each with Accept (a member from then on)
 * and Decline (docs/decisions/0067-ask-to-join.md). Nothing shows while none wait.
 */
export function JoinRequestsSection({ roomId, enabled }: { roomId: string; enabled: boolean }) {
  const requests = useJoinRequests(roomId, enabled);
  const answer = useAnswerJoinRequest(roomId);
  const waiting = requests.data ?? [];
  if (!enabled || waiting.length === 0) return null;

  const respond = (request: JoinRequest, accept: boolean) =>
    answer.mutate(
      { userId: request.userId, accept },
      {
        onSuccess: () =>
          toast(accept ? `${request.name} is now a member.` : `Declined ${request.name}.`, {
            tone: accept ? 'success' : 'info',
          }),
        onError: (err) =>
          toast(errorMessage(err, 'Could not answer the request. Please try again.'), {
            tone: 'error',
          }),
      },
    );

  return (
    <section
      aria-labelledby="join-requests-title"
      className="rounded-xl border border-brand-200 bg-brand-50 p-4"
    >
      <h2 id="join-requests-title" className="text-sm font-semibold text-brand-900">
        {waiting.length === 1 ? '1 request to join' : `${waiting.length} requests to join`}
      </h2>
      <ul className="mt-2 divide-y divide-brand-100">
        {waiting.map((request) => (
          <li key={request.userId} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
            <span className="min-w-0 flex-1 text-sm font-medium [overflow-wrap:anywhere] text-slate-900">
              {request.name}
            </span>
            <span className="flex gap-2">
              <Button
                size="sm"
                onClick={() => respond(request, true)}
                disabled={answer.isPending}
                aria-label={`Accept ${request.name}`}
              >
                <Check aria-hidden="true" className="h-4 w-4" />
                Accept
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => respond(request, false)}
                disabled={answer.isPending}
                aria-label={`Decline ${request.name}`}
              >
                <X aria-hidden="true" className="h-4 w-4" />
                Decline
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
