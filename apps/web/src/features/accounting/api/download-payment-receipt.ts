import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file.ts';

/** GET /api/v1/payment/:paymentId/receipt?offsetHours: the payment's receipt as a PDF (a reversed one says so). */
export async function downloadPaymentReceipt(paymentId: string): Promise<void> {
  await downloadFile(`/api/v1/payment/${encodeURIComponent(paymentId)}/receipt`, {
    method: 'GET',
    filename: `receipt-${paymentId}.pdf`,
  });
}

export function useDownloadPaymentReceipt() {
  return useMutation({ mutationFn: downloadPaymentReceipt });
}
