import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '@/lib/download-file.ts';

/** POST /api/v1/inquiry/exportToPdf?inquiryId&offsetHours: the inquiry as a PDF download. */
export function exportInquiryPdf(inquiryId: string) {
  return downloadFile('/api/v1/inquiry/exportToPdf', { query: { inquiryId }, filename: `inquiry-${inquiryId}.pdf` });
}

export function useExportInquiryPdf() {
  return useMutation({ mutationFn: exportInquiryPdf });
}
