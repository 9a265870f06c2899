import { Alert, Group, Loader, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { DropdownOption } from '@casedesk/contract/dropdowns/dropdown';
import {
  needsAssignee,
  SMS_HISTORY_PAGE_SIZE,
  type SmsHistoryResponse,
  type SmsMessage,
} from '@casedesk/contract/sms/sms';
import { useRetrySms } from '../api/retry-sms.ts';
import { useActiveDropdowns } from '@/lib/active-dropdowns.ts';
import { useUpdateSms } from '../api/update-sms.ts';
import { ChooseAssigneeModal } from './choose-assignee-modal.tsx';
import { TextHistoryItem } from './text-history-item.tsx';
import { useSmsAccess } from './use-sms-access.ts';

interface PendingCategory {
  message: SmsMessage;
  category: DropdownOption;
}

interface TextHistoryProps {
  /** The 10-digit number whose history is shown, or '' while none is entered. */
  phoneNumber: string;
  history: UseQueryResult<SmsHistoryResponse>;
  /** The text the drawer was opened on, marked in the list. */
  highlightId?: string;
  pageNumber: number;
  onPageChange: (pageNumber: number) => void;
}

/** SPEC §2 paged Text History (5 per page, SPEC §9) of the number in the form. */
export function TextHistory({ phoneNumber, history, highlightId, pageNumber, onPageChange }: TextHistoryProps) {
  const access = useSmsAccess();
  const categories = useActiveDropdowns('SMS_CATEGORY');
  const reasons = useActiveDropdowns('SMS_REASON');
  const update = useUpdateSms();
  const { mutate: sendUpdate } = update;
  const retry = useRetrySms();
  const [pendingCategory, setPendingCategory] = useState<PendingCategory | null>(null);
  const editableCategories = access.categoriesFor('UPDATE', categories.data ?? []);

  // SPEC §4: a category other than Call Center asks for an assignee first; Call Center updates at once.
  const changeCategory = useCallback(
    (message: SmsMessage, categoryId: string) => {
      const category = categories.data?.find((c) => c.id === categoryId);
      if (!category) return;
      if (needsAssignee(category)) setPendingCategory({ message, category });
      else sendUpdate({ id: message.id, category: category.id });
    },
    [categories.data, sendUpdate],
  );
  // SPEC §4: a reason change sends an update and reloads.
  const changeReason = useCallback(
    (message: SmsMessage, reasonId: string) => sendUpdate({ id: message.id, reason: reasonId }),
    [sendUpdate],
  );
  const assign = (operatorId: string) => {
    if (!pendingCategory) return;
    const { message, category } = pendingCategory;
    sendUpdate(
      { id: message.id, category: category.id, operatorId, ...(message.reason ? { reason: message.reason.id } : {}) },
      { onSettled: () => setPendingCategory(null) },
    );
  };

  const total = history.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / SMS_HISTORY_PAGE_SIZE));

  return (
    <Stack gap="xs" component="section" aria-labelledby="text-history-title" data-testid="text-history">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id="text-history-title">
          Text History
        </Title>
        {history.isFetching && <Loader size={14} aria-label="Loading history" />}
      </Group>
      {!/^\d{10}$/.test(phoneNumber) ? (
        <Text size="sm" c="dimmed">
          Enter a phone number to see its texts.
        </Text>
      ) : history.isPending ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={92} radius="sm" />
          ))}
        </Stack>
      ) : history.isError ? (
        // SPEC §8: the failure itself is only logged; the drawer just cannot show the history.
        <Alert color="gray" variant="light">
          The text history is not available right now.
        </Alert>
      ) : total === 0 ? (
        <Text size="sm" c="dimmed" data-testid="text-history-empty">
          No texts with this number yet.
        </Text>
      ) : (
        <>
          {history.data.items.map((message) => (
            <TextHistoryItem
              key={message.id}
              message={message}
              highlighted={message.id === highlightId}
              categories={editableCategories}
              reasons={reasons.data ?? []}
              editable={access.update}
              retrying={retry.isPending && retry.variables === message.id}
              onCategoryChange={changeCategory}
              onReasonChange={changeReason}
              onRetry={(m) => retry.mutate(m.id)}
            />
          ))}
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                size="sm"
                total={pages}
                value={pageNumber}
                onChange={onPageChange}
                siblings={1}
                boundaries={1}
                aria-label="Text history pages"
              />
            </Group>
          )}
        </>
      )}
      <ChooseAssigneeModal
        category={pendingCategory?.category ?? null}
        pending={update.isPending}
        onCancel={() => setPendingCategory(null)}
        onConfirm={assign}
      />
    </Stack>
  );
}
