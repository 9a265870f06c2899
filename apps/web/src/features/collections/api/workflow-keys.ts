/**
 * The workflow query keys (read by the collections feature only). A save or a deactivation changes the list,
 * the workflow and its runs' counts, so writes refresh everything under `all`.
 */
export const workflowKeys = {
  all: ['workflow'] as const,
  list: () => [...workflowKeys.all, 'list'] as const,
  detail: (id: string) => [...workflowKeys.all, 'detail', id] as const,
  templates: () => [...workflowKeys.all, 'templates'] as const,
  runs: (accountId: string) => [...workflowKeys.all, 'runs', accountId] as const,
};
