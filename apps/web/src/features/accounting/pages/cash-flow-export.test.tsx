import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CashFlowReportStatus } from '@casedesk/contract/accounting/cash-flow-report';
import { captureDownloads } from '@/test/downloads.ts';
import { accepted, file } from '@/test/fake-api.ts';
import { id, renderPage, stubServer } from '../test-utils.tsx';
import { CashFlowPage } from './cash-flow-page.tsx';

const REPORT_ID = id(71);
const status = (state: CashFlowReportStatus['state'], rowsDone: number, error: string | null = null) => ({
  id: REPORT_ID,
  state,
  rowsTotal: 12000,
  rowsDone,
  requestedAt: '2026-11-20T17:30:00.000Z',
  finishedAt: state === 'DONE' || state === 'FAILED' ? '2026-11-20T17:31:00.000Z' : null,
  error,
});

let saved: string[] = [];
beforeEach(() => {
  saved = captureDownloads();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function exportAs(format: string) {
  renderPage(<CashFlowPage />, undefined, '/accounting/cash-flow');
  await within(await screen.findByRole('table', { name: 'Cash flow' })).findByTitle('Ana Lopez');
  fireEvent.click(screen.getByRole('button', { name: 'Export' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: format }));
}

describe('cash flow exports', () => {
  it('exports CSV and XLSX of the current filter and sort, every page', async () => {
    const api = stubServer({ 'POST /api/v1/cashFlow/export': file('Office,Client\n', 'text/csv') });
    await exportAs('Excel (XLSX)');
    await waitFor(() => expect(api.calls('POST /api/v1/cashFlow/export')).toHaveLength(1));
    const exported = api.calls('POST /api/v1/cashFlow/export')[0]!;
    expect(exported.url).toMatch(/offsetHours=/);
    expect(exported.body).toMatchObject({ format: 'xlsx', pageNumber: 1, filter: {} });
    await waitFor(() => expect(saved).toEqual(['cash-flow.xlsx']));
  });

  it('downloads a small PDF report at once', async () => {
    const api = stubServer({ 'POST /api/v1/cashFlow/report': file('%PDF-1.7', 'application/pdf') });
    await exportAs('PDF report');
    await waitFor(() => expect(saved).toEqual(['cash-flow.pdf']));
    const asked = api.calls('POST /api/v1/cashFlow/report')[0]!;
    expect(asked.url).toMatch(/offsetHours=/);
    expect(asked.body).toMatchObject({ pageNumber: 1, filter: {} });
    expect(screen.queryByTestId('cash-flow-report-progress')).toBeNull();
  });

  it('follows a large PDF report built in the background, then downloads it once', async () => {
    const answers = [status('RUNNING', 6000), status('DONE', 12000)];
    const api = stubServer({
      'POST /api/v1/cashFlow/report': accepted(status('QUEUED', 0)),
      'GET /api/v1/cashFlow/report/:reportId': () => answers.shift() ?? status('DONE', 12000),
      'GET /api/v1/cashFlow/report/:reportId/file': file('%PDF-1.7', 'application/pdf', 'cash-flow-report.pdf'),
    });
    await exportAs('PDF report');
    const panel = await screen.findByTestId('cash-flow-report-progress');
    expect(await within(panel).findByText('6,000 of 12,000 rows')).toBeTruthy();
    expect(within(panel).getByRole('progressbar', { name: 'Rows done' })).toBeTruthy();
    expect(await within(panel).findByText('12,000 of 12,000 rows', {}, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(api.calls('GET /api/v1/cashFlow/report/:reportId/file')).toHaveLength(1));
    expect(api.calls('GET /api/v1/cashFlow/report/:reportId')[0]!.params.reportId).toBe(REPORT_ID);
    await waitFor(() => expect(saved).toEqual(['cash-flow-report.pdf']));
    expect(within(panel).getByText('The PDF report is ready')).toBeTruthy();
  });

  it('says why a background report failed', async () => {
    const api = stubServer({
      'POST /api/v1/cashFlow/report': accepted(status('QUEUED', 0)),
      'GET /api/v1/cashFlow/report/:reportId': status(
        'FAILED',
        3000,
        'The report could not be built. Please try again.',
      ),
    });
    await exportAs('PDF report');
    const panel = await screen.findByTestId('cash-flow-report-progress');
    expect(await within(panel).findByText('The report could not be built. Please try again.')).toBeTruthy();
    expect(api.calls('GET /api/v1/cashFlow/report/:reportId/file')).toHaveLength(0);
  });
});
