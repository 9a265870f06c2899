import { Anchor, Badge, Button, Group, Select, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatPhoneInput } from '@casedesk/contract/common/field-rules';
import type { OfficeDetail } from '@casedesk/contract/offices/office';
import type { OfficeAttorney, OfficeTrackingLine, OfficeUser } from '@casedesk/contract/offices/office-staff';
import { useAttorneys } from '@/api/attorneys/list-attorneys.ts';
import { LoadError } from '@/components/load-error.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/session-context.ts';
import { useOfficeStaff } from '../api/get-office-staff.ts';
import { useMoveAttorney } from '../api/move-attorney.ts';
import { canMoveAttorneyFrom } from './office-access.ts';
import { StaffSection, type StaffColumn } from './staff-table.tsx';

const yesNo = (value: boolean, yes: string, no: string) => (
  <Badge size="sm" variant="dot" color={value ? 'green' : 'gray'}>
    {value ? yes : no}
  </Badge>
);

const ATTORNEY_COLUMNS: StaffColumn<OfficeAttorney>[] = [
  {
    header: 'Name',
    cell: (a) => (
      <Anchor component={Link} to={paths.management.attorneyDetail.href(a.id)} size="sm">
        {a.name}
      </Anchor>
    ),
  },
  { header: 'Email', cell: (a) => a.email },
  { header: 'Law type', cell: (a) => a.lawType },
  { header: 'Jurisdiction', cell: (a) => a.jurisdiction },
];

const USER_COLUMNS: StaffColumn<OfficeUser>[] = [
  { header: 'Name', cell: (u) => u.displayName },
  { header: 'Email', cell: (u) => u.mail },
  { header: 'Job', cell: (u) => u.jobTitle ?? '' },
  { header: 'Role', cell: (u) => u.role },
  { header: 'Account', cell: (u) => yesNo(u.accountEnabled, 'Enabled', 'Disabled') },
];

const LINE_COLUMNS: StaffColumn<OfficeTrackingLine>[] = [
  { header: 'Number', cell: (l) => formatPhoneInput(l.dnis) },
  { header: 'Source', cell: (l) => l.source },
  { header: 'Point to', cell: (l) => l.pointTo },
  { header: 'Status', cell: (l) => yesNo(l.active, 'Active', 'Retired') },
];

/** Attorneys of other offices the caller may move here (ATTORNEY_SCHEDULE UPDATE where they are now). */
function AddAttorney({ office }: { office: OfficeDetail }) {
  const session = useSession();
  const attorneys = useAttorneys();
  const move = useMoveAttorney(office.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const options = (attorneys.data?.items ?? [])
    .filter((a) => a.officeId !== office.id && canMoveAttorneyFrom(session, a.officeId))
    .map((a) => ({ value: a.id, label: `${a.name} (${a.officeName})` }));
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label="Add an attorney from another office"
        placeholder={attorneys.isLoading ? 'Loading attorneys…' : 'Choose an attorney'}
        data={options}
        value={chosen}
        onChange={setChosen}
        searchable
        nothingFoundMessage="No attorney of another office"
        style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
      />
      <Button
        variant="light"
        disabled={!chosen}
        loading={move.isPending}
        onClick={() => chosen && move.mutate(chosen, { onSuccess: () => setChosen(null) })}
      >
        Add attorney
      </Button>
    </Group>
  );
}

interface OfficeStaffSectionsProps {
  office: OfficeDetail;
  /** OFFICE UPDATE reaches the office. */
  editable: boolean;
}

/** The office page's attorneys, users and tracking lines, each as the caller may read them. */
export function OfficeStaffSections({ office, editable }: OfficeStaffSectionsProps) {
  const staff = useOfficeStaff(office.id);
  if (staff.isError)
    return (
      <LoadError title="Attorneys, users and tracking lines could not be loaded" onRetry={() => void staff.refetch()} />
    );
  if (!staff.data) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading attorneys, users and tracking lines">
        <Skeleton height={120} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  const { attorneys, users, trackingLines } = staff.data;
  return (
    <Stack gap="md">
      <StaffSection
        id="office-attorneys-title"
        title="Attorneys"
        rows={attorneys}
        columns={ATTORNEY_COLUMNS}
        rowKey={(a) => a.id}
        empty="No attorney works for this office yet."
        actions={
          editable && attorneys !== null && office.status === 'ACTIVE' ? <AddAttorney office={office} /> : undefined
        }
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <StaffSection
          id="office-users-title"
          title="Users"
          rows={users}
          columns={USER_COLUMNS}
          rowKey={(u) => u.id}
          empty="No user belongs to this office."
        />
        <StaffSection
          id="office-lines-title"
          title="Tracking lines"
          rows={trackingLines}
          columns={LINE_COLUMNS}
          rowKey={(l) => l.id}
          empty="No tracking line rings this office."
        />
      </SimpleGrid>
    </Stack>
  );
}
