import { Button } from '@mantine/core';
import { SMS_SORTS } from '@casedesk/contract/sms/sms';
import { MessageIcon } from '@/components/icons.tsx';
import { ListPage } from '@/components/list-page/list-page.tsx';
import { useListRequest } from '@/components/list-page/use-list-request.ts';
import { useSmsList } from '../api/list-sms.ts';
import { EMPTY_SMS_FILTER, SmsFilters, toSmsFilter } from '../components/sms-filters.tsx';
import { SmsTable } from '../components/sms-table.tsx';
import { useSmsAccess } from '../components/use-sms-access.ts';
import { openTextDrawer } from '../text-drawer-store.ts';

/**
 * SPEC §2 /communication/sms: every text the user may read, newest first unless sorted. The server
 * offers no SMS export (no /sms/export in SPEC §7 or the API), so there is no Export button.
 */
export function SmsPage() {
  const access = useSmsAccess();
  const list = useListRequest({ initialValues: EMPTY_SMS_FILTER, toFilter: toSmsFilter, sorts: SMS_SORTS });
  const texts = useSmsList(list.request);

  return (
    <ListPage
      title="SMS"
      description="Click a text to open it in the Text Message drawer."
      actions={
        access.create && (
          <Button leftSection={<MessageIcon size={16} />} onClick={() => openTextDrawer()}>
            Send text
          </Button>
        )
      }
      filters={<SmsFilters value={list.values} onChange={list.setValues} />}
      query={texts}
      errorTitle="Texts could not be loaded"
      testId="sms-page"
    >
      <SmsTable
        label="Text messages"
        list={texts}
        table={list.table}
        emptyState="No texts match this filter"
        maxHeight="calc(100dvh - 340px)"
      />
    </ListPage>
  );
}
