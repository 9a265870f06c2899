import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  TRACKING_LINE_TYPE_LABELS,
  TRACKING_LINE_TYPES,
  type TrackingLineRow,
  type TrackingLineType,
} from '@casedesk/contract/marketing/tracking-line';
import { formatPhone } from '@casedesk/contract/common/text';
import { useAllOffices } from '@/api/dropdowns/all-offices.ts';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { FormPhoneInput, FormSelect, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError, popupMessageOf } from '@/lib/api-error.ts';
import { useCreateTrackingLine } from '../api/create-tracking-line.ts';
import { useRemapTrackingLine } from '../api/remap-tracking-line.ts';
import {
  createFormSchema,
  emptyFormValues,
  remapFormSchema,
  remapFormValues,
  toCreateBody,
  toRemapBody,
  type TrackingLineFormInput,
  type TrackingLineFormValues,
} from './tracking-line-form-values.ts';

const FIELDS = ['dnis', 'source', 'campaign', 'type', 'pointToOfficeId', 'officeId', 'effectiveDate'] as const;
const TYPE_OPTIONS = TRACKING_LINE_TYPES.map((type) => ({ value: type, label: TRACKING_LINE_TYPE_LABELS[type] }));

/** What the modal does: add a line (of a type, or for an unresolved number from a date) or re-map one. */
export type TrackingLineFormMode =
  { kind: 'create'; type: TrackingLineType; dnis?: string; from?: string } | { kind: 'remap'; line: TrackingLineRow };

interface TrackingLineFormModalProps {
  mode: TrackingLineFormMode;
  onClose: () => void;
}

function initialValues(mode: TrackingLineFormMode): TrackingLineFormInput {
  const today = new Date();
  if (mode.kind === 'remap') return remapFormValues(mode.line, today);
  const values = emptyFormValues(mode.type, today, mode.dnis);
  return mode.from ? { ...values, effectiveDate: mode.from } : values;
}

/** Add or re-map a tracking line; a re-map applies from its date on and never to calls already taken. */
export function TrackingLineFormModal({ mode, onClose }: TrackingLineFormModalProps) {
  const remap = mode.kind === 'remap';
  const { control, handleSubmit, setError } = useForm<TrackingLineFormInput, unknown, TrackingLineFormValues>({
    resolver: zodResolver(remap ? remapFormSchema.extend({ dnis: createFormSchema.shape.dnis }) : createFormSchema),
    defaultValues: initialValues(mode),
    mode: 'onTouched',
  });
  const allOffices = useAllOffices();
  const ownOffices = useOfficeOptions('TRACKING_LINE');
  const create = useCreateTrackingLine();
  const change = useRemapTrackingLine();
  const saving = create.isPending || change.isPending;
  const failure = create.error ?? change.error;

  const showErrors = (error: unknown) => {
    const fieldErrors = isApiError(error) ? error.body?.fieldErrors : undefined;
    for (const [field, message] of Object.entries(fieldErrors ?? {})) {
      const name = field === 'effectiveFrom' ? 'effectiveDate' : field;
      if ((FIELDS as readonly string[]).includes(name)) setError(name as (typeof FIELDS)[number], { message });
    }
  };
  const submit = handleSubmit((values) => {
    if (mode.kind === 'remap') {
      change.mutate({ id: mode.line.id, body: toRemapBody(values) }, { onSuccess: onClose, onError: showErrors });
    } else {
      create.mutate(toCreateBody(values), { onSuccess: onClose, onError: showErrors });
    }
  });

  const officeData = (allOffices.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  const ownData = (ownOffices.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  return (
    <Modal
      opened
      onClose={onClose}
      title={remap ? `Re-map ${formatPhone(mode.line.dnis)}` : 'New tracking line'}
      size="lg"
    >
      <form onSubmit={submit} noValidate aria-label={remap ? 'Re-map tracking line' : 'New tracking line'}>
        <Stack gap="sm">
          {remap && (
            <Text size="sm" c="dimmed">
              The new mapping applies to calls from its date on; calls already taken keep their source. A date in the
              past starts it now.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <FormPhoneInput control={control} name="dnis" label="DNIS (number dialed)" required disabled={remap} />
            <FormSelect control={control} name="type" label="Type" data={TYPE_OPTIONS} required allowDeselect={false} />
            <FormTextInput control={control} name="source" label="Source" required />
            <FormTextInput control={control} name="campaign" label="Campaign" />
            <FormSelect
              control={control}
              name="pointToOfficeId"
              label="Point to"
              data={officeData}
              required
              searchable
              error={allOffices.isError ? 'Offices could not be loaded' : undefined}
            />
            <FormSelect
              control={control}
              name="officeId"
              label="Office"
              data={ownData}
              required
              searchable
              error={ownOffices.isError ? 'Offices could not be loaded' : undefined}
            />
            <FormTextInput control={control} name="effectiveDate" label="Effective from" type="date" required />
          </SimpleGrid>
          {failure && !(isApiError(failure) && failure.body?.fieldErrors) && (
            <Alert color="red" role="alert">
              {popupMessageOf(failure)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {remap ? 'Save re-map' : 'Add line'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
