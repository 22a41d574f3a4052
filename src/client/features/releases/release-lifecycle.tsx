import type { PressRelease } from '../../../shared/releases';
import { useCan } from '../../lib/workspace';
import { ApprovalPanel } from './approval-panel';
import { ClientApprovalPanel } from './client-approval-panel';
import { NextStep } from './next-step';
import { ReleaseTimeline } from './release-timeline';
import { HeldNotice, ReturnedNotice } from './returned-notice';

/**
 * The release's lifecycle on its page (decision 026), under the header: a hold or a return, the workspace's
 * and the client's approval, what happens next and the timeline of every round.
 */
export function ReleaseLifecycle({ release }: { release: PressRelease }) {
  const can = useCan();
  return (
    <>
      <HeldNotice release={release} />
      <ReturnedNotice release={release} withNext={false} />
      <ApprovalPanel release={release} />
      <ClientApprovalPanel release={release} />
      {/* The client's own panel says what their decision does; the agency's next step speaks of the client. */}
      {!(release.status === 'awaiting_client_approval' && can('clientApprove')) && <NextStep release={release} />}
      <ReleaseTimeline release={release} />
    </>
  );
}
