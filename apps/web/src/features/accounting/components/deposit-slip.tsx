import { PAYMENT_TYPE_LABELS } from '@casedesk/contract/accounting/payment';
import type { OfficeEnteredTotal } from '@casedesk/contract/accounting/reconciliation';
import { formatMoney } from '@casedesk/contract/common/money';
import { formatDateInput } from '@casedesk/contract/common/text';
import classes from './deposit-slip.module.css';

interface DepositSlipProps {
  office: string;
  day: string;
  totals: OfficeEnteredTotal;
}

/** What the office takes to the bank for a day: one line per payment type and the total (print only). */
export function DepositSlip({ office, day, totals }: DepositSlipProps) {
  return (
    <section className={classes.slip} aria-hidden data-testid="deposit-slip">
      <h2>Deposit slip</h2>
      <p>
        {office} · {formatDateInput(day)}
      </p>
      <table>
        <tbody>
          {totals.byPaymentType.map((line) => (
            <tr key={line.paymentType}>
              <td>
                {PAYMENT_TYPE_LABELS[line.paymentType]} ({line.count})
              </td>
              <td className={classes.amount}>{formatMoney(line.totalCents)}</td>
            </tr>
          ))}
          <tr>
            <td>
              <strong>Total ({totals.total.count})</strong>
            </td>
            <td className={classes.amount}>
              <strong>{formatMoney(totals.total.totalCents)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
