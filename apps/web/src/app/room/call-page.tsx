import { lazy } from 'react';
import { CallPage } from '../../features/call/pages/call-page';
import { chatTool } from '../../features/chat';
import { CALL_TOOLS } from './room-tools';

// Loaded when the call's Invite opens: the invitation form stays out of the call's first chunk.
const EmailInvite = lazy(() => import('../../features/rooms/components/email-invite'));

/**
 * The call (/rooms/call/room/:roomId) composed here: its room tools' panels and its chat go in, so
 * the call feature imports neither. The call's page is imported from its own file, not the call's
 * index, which brings the Settings page's device list along. This file's name is the call route's
 * chunk's name, which bench/call-route-js.ts looks for.
 */
export function CallRoute() {
  return <CallPage tools={CALL_TOOLS} Chat={chatTool} EmailInvite={EmailInvite} />;
}
