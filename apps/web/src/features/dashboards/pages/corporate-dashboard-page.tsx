import { DashboardPlaceholder } from '../components/dashboard-placeholder.tsx';

export function CorporateDashboardPage() {
  return <DashboardPlaceholder title="Corporate dashboard" />;
}
