import { Button, Group, Modal, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ContactRuleChange } from '@casedesk/contract/collections/contact-rule-history';
import {
  CONTACT_RULE_STATES,
  DEFAULT_CONTACT_RULE,
  DEFAULT_RULE_STATE,
  type ContactRule,
} from '@casedesk/contract/collections/contact-rules';
import { LoadError } from '@/components/load-error.tsx';
import { useContactRuleHistory } from '../../api/list-contact-rule-history.ts';
import { useContactRules } from '../../api/list-contact-rules.ts';
import { ContactRuleForm, ruleStateName } from './contact-rule-form.tsx';

const hour = (h: number) =>
  dayjs()
    .startOf('day')
    .add(h, 'hour')
    .format(h === 24 ? '[midnight]' : 'h A');

/** "8 AM–9 PM · 7 calls in 7 days · 7 quiet days" */
export function describeRule(rule: ContactRule): string {
  return (
    `${hour(rule.earliestHour)}–${hour(rule.latestHour)} · ${rule.maxCallAttempts} calls in ${rule.windowDays} days · ` +
    `${rule.quietDaysAfterConversation} quiet days`
  );
}

/** DEFAULT first, then the states by code. */
const inTableOrder = (rules: ContactRule[]) =>
  rules.toSorted((a, b) =>
    a.state === DEFAULT_RULE_STATE ? -1 : b.state === DEFAULT_RULE_STATE ? 1 : a.state.localeCompare(b.state),
  );

function RuleHistory() {
  const history = useContactRuleHistory();
  if (history.isError)
    return <LoadError title="The changes could not be loaded" onRetry={() => void history.refetch()} />;
  if (!history.data) return <Skeleton height={32} aria-label="Loading changes" />;
  if (history.data.length === 0) return <Text size="sm">No changes yet: the rules are as the firm started with.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Rule changes" verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Rule</Table.Th>
            <Table.Th>Before → after</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.data.map((change: ContactRuleChange) => (
            <Table.Tr key={change.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {dayjs(change.occurredAt).format('MMM D, YYYY h:mm A')}
              </Table.Td>
              <Table.Td>{change.byName ?? '—'}</Table.Td>
              <Table.Td>{change.state}</Table.Td>
              <Table.Td>
                {change.before ? describeRule(change.before) : 'No rule of its own'} →{' '}
                {change.after ? describeRule(change.after) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The contact rule table (docs/collections-contact-rules.md): DEFAULT and each state with a rule of its own, the
 * hours a collection call or text is allowed in the client's time, how many call attempts in how many days, and the
 * quiet days after a conversation; adding or changing a state's rule (COLLECTION_MANAGEMENT UPDATE, every office)
 * and the audited changes.
 */
export function ContactRulesTab({ canEdit }: { canEdit: boolean }) {
  const rules = useContactRules();
  const [editing, setEditing] = useState<{ rule: ContactRule; isNew: boolean } | null>(null);
  const taken = (rules.data ?? []).map((r) => r.state);
  const firstFree = CONTACT_RULE_STATES.find((s) => !taken.includes(s));
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="contact-rules-title">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
              <Title order={2} size="h4" id="contact-rules-title">
                Contact rules
              </Title>
              <Text size="sm" c="dimmed">
                A collection call or text outside these rules is refused before it happens. Times are the client’s; a
                state without a rule of its own follows the default.
              </Text>
            </Stack>
            {canEdit && (
              <Button
                size="xs"
                disabled={!firstFree}
                onClick={() =>
                  firstFree && setEditing({ rule: { ...DEFAULT_CONTACT_RULE, state: firstFree }, isNew: true })
                }
              >
                Add a state
              </Button>
            )}
          </Group>
          {rules.isError ? (
            <LoadError title="The contact rules could not be loaded" onRetry={() => void rules.refetch()} />
          ) : !rules.data ? (
            <Stack gap="xs" aria-busy="true" aria-label="Loading contact rules">
              <Skeleton height={32} />
              <Skeleton height={32} />
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table aria-label="Contact rules" verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>State</Table.Th>
                    <Table.Th>Calls and texts</Table.Th>
                    <Table.Th ta="right">Max calls</Table.Th>
                    <Table.Th ta="right">In days</Table.Th>
                    <Table.Th ta="right">Quiet days after a conversation</Table.Th>
                    {canEdit && <Table.Th aria-label="Actions" />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {inTableOrder(rules.data).map((rule) => (
                    <Table.Tr key={rule.state}>
                      <Table.Td fw={rule.state === DEFAULT_RULE_STATE ? 600 : undefined}>
                        {ruleStateName(rule.state)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {hour(rule.earliestHour)} to {hour(rule.latestHour)}
                      </Table.Td>
                      <Table.Td ta="right">{rule.maxCallAttempts}</Table.Td>
                      <Table.Td ta="right">{rule.windowDays}</Table.Td>
                      <Table.Td ta="right">{rule.quietDaysAfterConversation}</Table.Td>
                      {canEdit && (
                        <Table.Td ta="right">
                          <Button
                            size="compact-xs"
                            variant="light"
                            aria-label={`Edit ${ruleStateName(rule.state)}`}
                            onClick={() => setEditing({ rule, isNew: false })}
                          >
                            Edit
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="contact-rule-changes-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="contact-rule-changes-title">
            Changes
          </Title>
          <RuleHistory />
        </Stack>
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.isNew ? 'Add a state’s rule' : `Rule for ${editing ? ruleStateName(editing.rule.state) : ''}`}
        size="lg"
      >
        {editing && (
          <ContactRuleForm rule={editing.rule} isNew={editing.isNew} taken={taken} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}
