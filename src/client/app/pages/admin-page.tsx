import { AdminConsole } from '../../features/admin/admin-page';
import { DataRequestsTab } from '../../features/preferences/data-requests-tab';
import { FeedsTab } from '../../features/coverage/feeds-tab';
import { ResearchQueueTab } from '../../features/replies/research-queue-tab';

/** /admin: the console, with the tabs the replies, coverage and preferences features draw for it. */
export default function AdminPage() {
  return <AdminConsole tabs={{ research: <ResearchQueueTab />, feeds: <FeedsTab />, dataRequests: <DataRequestsTab /> }} />;
}
