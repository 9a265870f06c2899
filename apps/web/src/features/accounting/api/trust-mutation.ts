import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountingKeys } from './accounting-keys.ts';

/** A trust write: money moved or a month signed changes balances, ledgers and the three-way figures together. */
export function useTrustMutation<Body, Result>(mutationFn: (body: Body) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountingKeys.all }),
  });
}
