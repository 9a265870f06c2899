import type { AttributionRequestInput } from '@casedesk/contract/marketing/attribution';
import type { TrackingLineListRequestInput, UnresolvedDnisRequest } from '@casedesk/contract/marketing/tracking-line';

/** Query keys of the dnis endpoints; every read and invalidation of them goes through here. */
export const marketingKeys = {
  all: ['dnis'] as const,
  lines: () => [...marketingKeys.all, 'all'] as const,
  lineList: (request: TrackingLineListRequestInput) => [...marketingKeys.lines(), request] as const,
  typeCounts: () => [...marketingKeys.all, 'typeCounts'] as const,
  unresolved: (request?: Partial<UnresolvedDnisRequest>) =>
    request
      ? ([...marketingKeys.all, 'unresolved', request] as const)
      : ([...marketingKeys.all, 'unresolved'] as const),
  attribution: (request?: AttributionRequestInput) =>
    request
      ? ([...marketingKeys.all, 'attribution', request] as const)
      : ([...marketingKeys.all, 'attribution'] as const),
};
