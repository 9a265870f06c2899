import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CollectionAccountFilter } from '@casedesk/contract/collections/account';
import { accountFilterToQuery } from '@casedesk/contract/collections/dashboard';
import { paths, withQuery } from '@/config/paths.ts';

/**
 * The all-accounts page showing exactly the accounts behind a figure: the figure's filter as that page's query
 * (SPEC §2 `assignee`/`assigneeId` for the collector; docs/collections-dashboard.md lists every parameter).
 */
export function accountsHref(filter: CollectionAccountFilter): string {
  return withQuery(paths.collections.allAccounts.path, accountFilterToQuery(filter));
}

interface FigureLinkProps {
  filter: CollectionAccountFilter;
  /** What the link opens, for screen readers and the tooltip: "Open the 4 accounts in review". */
  label: string;
  children: ReactNode;
}

/** A figure as a link to the accounts behind it. */
export function FigureLink({ filter, label, children }: FigureLinkProps) {
  return (
    <Anchor component={Link} to={accountsHref(filter)} aria-label={label} title={label} inherit>
      {children}
    </Anchor>
  );
}
