import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import {
  isKnownTimeZone,
  OFFICE_TYPES,
  officeWriteSchema,
  timeZoneOptions,
  type OfficeDetail,
  type OfficeWrite,
  type OfficeWriteInput,
} from '@casedesk/contract/offices/office';
import { FormPhoneInput, FormSelect, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { OFFICE_TYPE_LABELS } from './office-labels.ts';

const FIELDS = Object.keys(officeWriteSchema.shape) as (keyof OfficeWriteInput)[];
const TYPE_OPTIONS = OFFICE_TYPES.map((value) => ({ value, label: OFFICE_TYPE_LABELS[value] }));

/** A new office starts in the browser's own zone when it is a named one (not UTC, which names no place). */
function browserZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isKnownTimeZone(zone) ? zone : '';
}

function valuesOf(office: OfficeDetail | undefined): OfficeWriteInput {
  return {
    name: office?.name ?? '',
    officeType: office?.officeType ?? 'OFFICE',
    phone: office?.phone ?? '',
    smsNumber: office?.smsNumber ?? '',
    outboundCallerId: office?.outboundCallerId ?? '',
    timeZone: office?.timeZone ?? browserZone(),
    lmsOfficeId: office?.lmsOfficeId ?? '',
    email: office?.email ?? '',
    streetAddress: office?.streetAddress ?? '',
    city: office?.city ?? '',
    state: office?.state ?? '',
    zip: office?.zip ?? '',
  };
}

interface OfficeFormProps {
  /** The office being changed; none for a new one. */
  office?: OfficeDetail;
  submitLabel: string;
  save: (values: OfficeWrite) => Promise<OfficeDetail>;
  onSaved?: (office: OfficeDetail) => void;
  onCancel?: () => void;
  readOnly?: boolean;
}

/**
 * SPEC §3 Office fields with the contract's rules (the server's messages, word for word): a 400 puts each
 * field message under its field, a 409 (name in use) under the name.
 */
export function OfficeForm({ office, submitLabel, save, onSaved, onCancel, readOnly = false }: OfficeFormProps) {
  const form = useForm<OfficeWriteInput, unknown, OfficeWrite>({
    resolver: zodResolver(officeWriteSchema),
    defaultValues: valuesOf(office),
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, reset, formState } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneOptions(), []);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save(values);
      reset(valuesOf(saved));
      onSaved?.(saved);
    } catch (error) {
      const body = isApiError(error) ? error.body : undefined;
      if (isApiError(error) && error.status === 409) {
        setError('name', { type: 'server', message: body?.message });
        return;
      }
      const fieldErrors = Object.entries(body?.fieldErrors ?? {}).filter(([f]) => FIELDS.includes(f as never));
      for (const [field, message] of fieldErrors) {
        setError(field as FieldPath<OfficeWriteInput>, { type: 'server', message });
      }
      if (fieldErrors.length === 0 && isApiError(error) && error.status === 400) setFailure(body?.message ?? null);
    }
  });

  const input = { readOnly, variant: readOnly ? 'filled' : 'default' } as const;
  return (
    <form onSubmit={submit} noValidate aria-label={office ? `Office ${office.name}` : 'New office'}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" title="The office was not saved">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
          <FormTextInput control={control} name="name" required {...input} />
          <FormSelect
            control={control}
            name="officeType"
            label="Office Type"
            required
            data={TYPE_OPTIONS}
            allowDeselect={false}
            emptyValue=""
            readOnly={readOnly}
          />
          <FormSelect
            control={control}
            name="timeZone"
            label="Time Zone"
            required
            data={zones}
            searchable
            allowDeselect={false}
            emptyValue=""
            limit={50}
            readOnly={readOnly}
          />
          <FormPhoneInput control={control} name="phone" required placeholder="(###) ###-####" {...input} />
          <FormPhoneInput
            control={control}
            name="smsNumber"
            label="SMS Number"
            required
            placeholder="(###) ###-####"
            {...input}
          />
          <FormPhoneInput
            control={control}
            name="outboundCallerId"
            label="Outbound Caller Id"
            required
            placeholder="(###) ###-####"
            {...input}
          />
          <FormTextInput control={control} name="lmsOfficeId" label="LMS Office Id" {...input} />
          <FormTextInput control={control} name="email" type="email" {...input} />
          <FormTextInput control={control} name="streetAddress" {...input} />
          <FormTextInput control={control} name="city" {...input} />
          <FormTextInput control={control} name="state" {...input} />
          <FormTextInput control={control} name="zip" {...input} />
        </SimpleGrid>
        {!readOnly && (
          <Group justify="flex-end" gap="sm">
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={formState.isSubmitting} disabled={office && !formState.isDirty}>
              {submitLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
