import {
  CASH_FLOW_PERMISSION_TYPES,
  cashFlowAccessChangeSchema,
  type CashFlowAccessUser,
} from '@casedesk/contract/accounting/cash-flow-access';
import { EditOfficeAccessButton } from '@/components/access/edit-office-access-button.tsx';
import { useUpdateCashFlowAccess } from '../api/update-cash-flow-access.ts';
import { CASH_FLOW_PERMISSION_LABELS } from './cash-flow-access-model.ts';

/** "Edit": a user's CASH_FLOW, CASH_FLOW_RECON and CASH_FLOW_MANAGEMENT levels and offices, with a reason. */
export function EditCashFlowAccessButton({ user }: { user: CashFlowAccessUser }) {
  return (
    <EditOfficeAccessButton
      user={user}
      types={CASH_FLOW_PERMISSION_TYPES}
      labels={CASH_FLOW_PERMISSION_LABELS}
      noun="cash-flow"
      changeSchema={cashFlowAccessChangeSchema}
      useUpdate={useUpdateCashFlowAccess}
    />
  );
}
