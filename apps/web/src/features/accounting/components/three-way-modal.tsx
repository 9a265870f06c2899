import { Modal } from '@mantine/core';
import { formatMoney } from '@casedesk/contract/common/money';
import { useReopenThreeWay } from '../api/reopen-three-way.ts';
import { useSignThreeWay } from '../api/sign-three-way.ts';
import { SignOrReopenForm } from './sign-or-reopen-form.tsx';

export type ThreeWayAction =
  | { kind: 'sign'; officeId: string; month: string; statementBalanceCents: number }
  | { kind: 'reopen'; officeId: string; month: string };

function ThreeWayForm({ action, onDone }: { action: ThreeWayAction; onDone: () => void }) {
  const sign = useSignThreeWay();
  const reopen = useReopenThreeWay();
  const { kind, ...request } = action;
  const reopening = kind === 'reopen';
  return (
    <SignOrReopenForm
      reopening={reopening}
      subject={
        action.kind === 'sign'
          ? `${action.month}: bank statement ${formatMoney(action.statementBalanceCents)}`
          : action.month
      }
      submitLabel={reopening ? 'Reopen month' : 'Sign month'}
      refusedTitle={reopening ? 'The month was not reopened' : 'The month was not signed'}
      onSubmit={(text) =>
        action.kind === 'reopen'
          ? reopen.mutateAsync({ officeId: action.officeId, month: action.month, reason: text ?? '' })
          : sign.mutateAsync({ ...request, statementBalanceCents: action.statementBalanceCents, note: text })
      }
      onDone={onDone}
    />
  );
}

/** Signs a month whose three balances agree (an optional note) or reopens a signed one (a required reason). */
export function ThreeWayModal({ action, onClose }: { action: ThreeWayAction | null; onClose: () => void }) {
  return (
    <Modal opened={action !== null} onClose={onClose} title={action?.kind === 'reopen' ? 'Reopen month' : 'Sign month'}>
      {action && <ThreeWayForm action={action} onDone={onClose} />}
    </Modal>
  );
}
