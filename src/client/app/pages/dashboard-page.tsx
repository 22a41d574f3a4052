import { Dashboard } from '../../features/dashboard/dashboard-page';
import { NextStepShort } from '../../features/releases/next-step-short';

/** /dashboard: the dashboard, each recent release with the releases feature's next step in a few words. */
export default function DashboardPage() {
  return <Dashboard nextStep={(release) => <NextStepShort release={release} />} />;
}
