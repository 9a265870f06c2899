import { Modal } from '@mantine/core';
import type { ReconRow } from '@casedesk/contract/accounting/reconciliation';
import { formatDateInput } from '@casedesk/contract/common/text';
import { useReconcileDay } from '../api/reconcile-day.ts';
import { useReopenDay } from '../api/reopen-day.ts';
import { SignOrReopenForm } from './sign-or-reopen-form.tsx';

export type ReconAction = { kind: 'reconcile' | 'reopen'; row: ReconRow };

function ReconDayForm({ action, onDone }: { action: ReconAction; onDone: () => void }) {
  const reopening = action.kind === 'reopen';
  const reconcile = useReconcileDay();
  const reopen = useReopenDay();
  const day = { officeId: action.row.officeId, day: action.row.day };
  return (
    <SignOrReopenForm
      reopening={reopening}
      subject={`${action.row.office}, ${formatDateInput(action.row.day)}`}
      submitLabel={reopening ? 'Reopen day' : 'Mark reconciled'}
      refusedTitle={reopening ? 'The day was not reopened' : 'The day was not reconciled'}
      onSubmit={(text) =>
        reopening ? reopen.mutateAsync({ ...day, reason: text ?? '' }) : reconcile.mutateAsync({ ...day, note: text })
      }
      onDone={onDone}
    />
  );
}

/** Signs a balanced office day (an optional note) or reopens a signed one (a required reason). */
export function ReconDayModal({ action, onClose }: { action: ReconAction | null; onClose: () => void }) {
  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action?.kind === 'reopen' ? 'Reopen day' : 'Mark reconciled'}
    >
      {action && <ReconDayForm action={action} onDone={onClose} />}
    </Modal>
  );
}
