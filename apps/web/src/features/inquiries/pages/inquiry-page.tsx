import { Alert, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader.tsx';
import { LoadError } from '@/components/load-error.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useClient } from '@/api/clients/client.ts';
import { useInquiry } from '@/api/inquiries/inquiry.ts';
import { InquiryForm } from '../components/inquiry-form.tsx';
import { BLANK_INQUIRY, clientValues, inquiryValues } from '../components/inquiry-form-values.ts';

/** `new` as the inquiry id opens an empty inquiry (SPEC §2: /newLead/inquiry/new, /newInquiry/inquiry/new). */
export const NEW_INQUIRY_ID = 'new';

function NewInquiry() {
  // From a client's screen: /newInquiry/inquiry/new?clientId=… starts with that client.
  const [params] = useSearchParams();
  const clientId = params.get('clientId');
  const client = useClient(clientId);
  const defaults = useMemo(
    () =>
      client.data ? { ...BLANK_INQUIRY, clientId: client.data.id, client: clientValues(client.data) } : BLANK_INQUIRY,
    [client.data],
  );
  if (clientId && client.isPending) return <PageLoader label="Loading client…" />;
  return <InquiryForm inquiry={null} defaultValues={defaults} />;
}

function ExistingInquiry({ inquiryId }: { inquiryId: string }) {
  const inquiry = useInquiry(inquiryId);
  const defaults = useMemo(() => (inquiry.data ? inquiryValues(inquiry.data) : null), [inquiry.data]);
  if (inquiry.isPending) return <PageLoader label="Loading inquiry…" />;
  if (inquiry.isError || !defaults) {
    const notFound = isApiError(inquiry.error) && (inquiry.error.status === 404 || inquiry.error.status === 400);
    if (!notFound) return <LoadError title="Inquiry could not be loaded" onRetry={() => void inquiry.refetch()} />;
    return (
      <Alert color="gray" variant="light" title="Inquiry not found">
        <Text size="sm">It does not exist or is outside the offices you work with.</Text>
      </Alert>
    );
  }
  return <InquiryForm key={inquiryId} inquiry={inquiry.data} defaultValues={defaults} />;
}

/** SPEC §2 inquiry screen: /communication/lead/{inquiryId} and /{from}/inquiry/{inquiryId}. */
export function InquiryPage() {
  const { inquiryId = NEW_INQUIRY_ID } = useParams();
  useDocumentTitle(`${inquiryId === NEW_INQUIRY_ID ? 'New lead' : 'Lead'} · Casedesk`);
  return (
    <Stack gap="md" maw={1600} mx="auto">
      {inquiryId === NEW_INQUIRY_ID ? <NewInquiry /> : <ExistingInquiry inquiryId={inquiryId} />}
    </Stack>
  );
}
