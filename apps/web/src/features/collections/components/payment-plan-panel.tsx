import { Alert, Badge, Button, Group, Modal, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { OPEN_COLLECTION_STATUSES, type CollectionAccountDetail } from '@casedesk/contract/collections/account';
import { PLAN_FREQUENCY_LABELS, type PaymentPlan, type PlanStatus } from '@casedesk/contract/collections/payment-plan';
import { formatMoney } from '@casedesk/contract/common/money';
import { formatDateInput } from '@casedesk/contract/common/text';
import { LoadError } from '@/components/load-error.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { usePaymentPlans } from '../api/list-payment-plans.ts';
import { useChangePaymentPlan, useCreatePaymentPlan, usePausePaymentPlan } from '../api/payment-plan-writes.ts';
import { PlanPauseForm } from './plan-pause-form.tsx';
import { InstalmentsTable, VersionsTable } from './plan-tables.tsx';
import { PlanTermsForm } from './plan-terms-form.tsx';
import { emptyPlanTerms, planTermsValuesOf } from './plan-terms-values.ts';

/** Dark shades, so the badge's white text keeps its contrast (WCAG AA; the theme's orange fails it). */
const PLAN_STATUS_LOOKS: Record<PlanStatus, { label: string; color: string }> = {
  ACTIVE: { label: 'Active', color: 'teal.9' },
  PAUSED: { label: 'Paused', color: '#a3400b' },
  COMPLETED: { label: 'Completed', color: 'gray.7' },
  CANCELLED: { label: 'Cancelled', color: 'gray.7' },
};

/** The plan being worked: a running or paused one, else the newest finished one to show. */
export function currentPlan(plans: readonly PaymentPlan[]): { plan: PaymentPlan | null; open: boolean } {
  const open = plans.find((p) => p.status === 'ACTIVE' || p.status === 'PAUSED');
  if (open) return { plan: open, open: true };
  const newest = [...plans].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
  return { plan: newest, open: false };
}

const latestVersion = (plan: PaymentPlan) => [...plan.versions].sort((a, b) => b.version - a.version)[0];

function termsSummary(plan: PaymentPlan): string {
  const v = latestVersion(plan);
  if (!v) return '';
  const length = v.instalmentCount === null ? 'until paid' : `${v.instalmentCount} instalments`;
  return `${formatMoney(v.amountCents)} ${PLAN_FREQUENCY_LABELS[v.frequency].toLowerCase()} from ${formatDateInput(v.firstDueDate)}, ${length}`;
}

interface PanelProps {
  account: CollectionAccountDetail;
  /** Today at the account's office: a first due date and a pause are judged on it. */
  today: string;
  mayUpdate: boolean;
}

function CreatePlanButton({ account, today }: Omit<PanelProps, 'mayUpdate'>) {
  const [opened, { open, close }] = useDisclosure(false);
  const create = useCreatePaymentPlan();
  return (
    <>
      <Button onClick={open}>Create plan</Button>
      <Modal opened={opened} onClose={close} title="New payment plan" size="lg">
        {opened && (
          <PlanTermsForm
            label="New payment plan"
            submitLabel="Save plan"
            defaultValues={emptyPlanTerms(today)}
            balanceCents={account.balanceCents}
            today={today}
            onSave={(terms) => create.mutateAsync({ accountId: account.id, ...terms })}
            onDone={close}
          />
        )}
      </Modal>
    </>
  );
}

function ChangePlanButton({ plan, account, today }: Omit<PanelProps, 'mayUpdate'> & { plan: PaymentPlan }) {
  const [opened, { open, close }] = useDisclosure(false);
  const change = useChangePaymentPlan();
  const version = latestVersion(plan);
  // The new version starts at the next unpaid instalment.
  const next = plan.instalments.find((i) => i.status === 'DUE' || i.status === 'PAUSED')?.dueDate;
  const from = next && next >= today ? next : today;
  if (!version) return null;
  return (
    <>
      <Button variant="default" onClick={open}>
        Change amount
      </Button>
      <Modal opened={opened} onClose={close} title="Change payment plan" size="lg">
        {opened && (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              The new terms make a new version from the next unpaid instalment; earlier versions stay in the history.
            </Text>
            <PlanTermsForm
              label="Change payment plan"
              submitLabel="Save new version"
              defaultValues={planTermsValuesOf(version, from)}
              balanceCents={account.balanceCents}
              today={today}
              onSave={(terms) => change.mutateAsync({ planId: plan.id, ...terms })}
              onDone={close}
            />
          </Stack>
        )}
      </Modal>
    </>
  );
}

function PauseButton({ plan, today }: { plan: PaymentPlan; today: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open}>
        Pause
      </Button>
      <Modal opened={opened} onClose={close} title="Pause payment plan">
        {opened && <PlanPauseForm planId={plan.id} today={today} onDone={close} />}
      </Modal>
    </>
  );
}

function ResumeButton({ plan, onRefused }: { plan: PaymentPlan; onRefused: (message: string) => void }) {
  const resume = usePausePaymentPlan();
  return (
    <Button
      variant="light"
      loading={resume.isPending}
      onClick={() =>
        resume.mutate(
          { planId: plan.id, resume: true },
          { onError: (error) => onRefused(isApiError(error) ? error.message : 'The plan was not resumed.') },
        )
      }
    >
      Resume
    </Button>
  );
}

function PauseNote({ plan }: { plan: PaymentPlan }) {
  const pause = [...plan.pauses].sort((a, b) => b.at.localeCompare(a.at))[0];
  if (plan.status !== 'PAUSED' || !pause) return null;
  const until = pause.resumeOn ? `until ${formatDateInput(pause.resumeOn)}` : 'until resumed';
  return (
    <Alert color="orange" variant="light" title={`Paused from ${formatDateInput(pause.pausedFrom)} ${until}`}>
      <Text size="sm">{`${pause.reason}${pause.by ? ` (${pause.by})` : ''}`}</Text>
    </Alert>
  );
}

/**
 * The account's payment plan: create one (with its schedule shown before saving), the instalments and their
 * status, pause (with reason, a start up to 7 days back and an optional resume day), resume, change the amount
 * (a new version) and the versions' history.
 */
export function PaymentPlanPanel({ account, today, mayUpdate }: PanelProps) {
  const plans = usePaymentPlans(account.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mayPlan = OPEN_COLLECTION_STATUSES.includes(account.status) && account.balanceCents > 0;
  const { plan, open } = currentPlan(plans.data ?? []);
  return (
    <Paper withBorder p="md" aria-labelledby="payment-plan-title" data-testid="payment-plan-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4" id="payment-plan-title">
              Payment plan
            </Title>
            {plan && (
              <Badge variant="filled" color={PLAN_STATUS_LOOKS[plan.status].color}>
                {PLAN_STATUS_LOOKS[plan.status].label}
              </Badge>
            )}
          </Group>
          {mayUpdate && (
            <Group gap="xs" wrap="wrap">
              {plan && open && plan.status === 'ACTIVE' && <PauseButton plan={plan} today={today} />}
              {plan && open && plan.status === 'PAUSED' && <ResumeButton plan={plan} onRefused={setRefusal} />}
              {plan && open && <ChangePlanButton plan={plan} account={account} today={today} />}
              {!open && mayPlan && plans.isSuccess && <CreatePlanButton account={account} today={today} />}
            </Group>
          )}
        </Group>
        {refusal && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setRefusal(null)}>
            {refusal}
          </Alert>
        )}
        {plans.isPending ? (
          <Skeleton height={80} />
        ) : plans.isError ? (
          <LoadError title="The payment plan could not be loaded" onRetry={() => void plans.refetch()} />
        ) : !plan ? (
          <Text size="sm" c="dimmed">
            {mayPlan ? 'No payment plan yet.' : 'No payment plan. A closed or paid account takes none.'}
          </Text>
        ) : (
          <>
            <Text size="sm" data-testid="plan-terms">
              {termsSummary(plan)}
            </Text>
            <PauseNote plan={plan} />
            <Tabs defaultValue="instalments" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="instalments">Instalments</Tabs.Tab>
                <Tabs.Tab value="versions">{`Versions (${plan.versions.length})`}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="instalments" pt="xs">
                <InstalmentsTable plan={plan} />
              </Tabs.Panel>
              <Tabs.Panel value="versions" pt="xs">
                <VersionsTable plan={plan} />
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Stack>
    </Paper>
  );
}
