import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChatOptionRequestInput,
  ChatOptionResponse,
  chatOptionResponseSchema,
} from '@casedesk/contract/sms/chat-option';
import { apiRequest } from '@/lib/api-client.ts';

/** POST /api/v1/sms/chatOption: sends the option's seeded template (SPEC §2 chat options). */
export function sendChatOption(body: ChatOptionRequestInput): Promise<ChatOptionResponse> {
  return apiRequest<typeof chatOptionResponseSchema>('/api/v1/sms/chatOption', { method: 'POST', body });
}

/** A text sent this way is in the history like any other: lists and histories reload. */
export function useSendChatOption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatOption,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sms'] }),
  });
}
