import { ReleaseAnalytics, type ReleaseSections } from '../../features/analytics/release-analytics-page';
import { CoverageSection } from '../../features/coverage/coverage-section';
import { OutcomeTiers } from '../../features/coverage/outcome-tiers';
import { ReleaseLifecycle } from '../../features/releases/release-lifecycle';
import { ReleasePeople } from '../../features/releases/release-people';
import { ReleaseReplies } from '../../features/replies/release-replies';

/** The sections of the release page that the releases, coverage and replies features draw. */
const sections: ReleaseSections = {
  people: (release) => <ReleasePeople release={release} />,
  lifecycle: (release) => <ReleaseLifecycle release={release} />,
  tiers: (id, data, sentAt) => <OutcomeTiers data={data} releaseId={id} sentAt={sentAt} />,
  replies: (id, data) => <ReleaseReplies releaseId={id} replies={data?.replies} replyRate={data?.replyRate} />,
  coverage: (id, sentAt) => <CoverageSection releaseId={id} sentAt={sentAt} />,
};

/** /analytics/:id: the release's figures (analytics) with its lifecycle, replies and coverage. */
export default function ReleaseAnalyticsPage() {
  return <ReleaseAnalytics sections={sections} />;
}
