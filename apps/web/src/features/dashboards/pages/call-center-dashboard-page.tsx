import { DashboardPlaceholder } from '../components/dashboard-placeholder.tsx';

export function CallCenterDashboardPage() {
  return <DashboardPlaceholder title="Call center dashboard" />;
}
