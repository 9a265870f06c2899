import { DashboardPlaceholder } from '../components/dashboard-placeholder.tsx';

export function OfficeDashboardPage() {
  return <DashboardPlaceholder title="Office dashboard" />;
}
