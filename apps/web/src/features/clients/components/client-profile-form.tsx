import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import {
  CLIENT_FIELD_NAMES,
  CLIENT_MESSAGES,
  clientFieldsSchema,
  type ClientDetail,
  type ClientFields,
  type ClientFieldsInput,
} from '@casedesk/contract/clients/client';
import { formatDateInput } from '@casedesk/contract/common/field-rules';
import { FormPhoneInput, FormTextInput, type TextPath } from '@/components/form-field/form-inputs.tsx';
import { FormSwitch } from '@/components/form-field/form-toggles.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useUpdateClient } from '../api/update-client.ts';

/** The form holds what people type: '' for empty, the date of birth as MM-dd-yyyy (SPEC §5). */
export function profileValues(client: ClientDetail): ClientFieldsInput {
  const values: Record<string, string | boolean> = {};
  for (const name of CLIENT_FIELD_NAMES) {
    const value = client[name];
    values[name] = typeof value === 'boolean' ? value : (value ?? '');
  }
  values.dateOfBirth = formatDateInput(client.dateOfBirth);
  return values as ClientFieldsInput;
}

const TEXT_GROUPS: { title: string; fields: TextPath<ClientFieldsInput>[] }[] = [
  {
    title: 'Identity',
    fields: ['placeOfBirth', 'driverLicenseNumber', 'driverLicenseState', 'lmsClientNumber', 'needlesClientNumber'],
  },
  { title: 'Address', fields: ['streetAddress', 'city', 'state', 'zipCode', 'county', 'country', 'address'] },
];

interface ClientProfileFormProps {
  client: ClientDetail;
  /** SPEC §6: CLIENT_PROFILE UPDATE; without it every field is read-only. */
  editable: boolean;
}

/** SPEC §3 client profile, validated with the same contract schema as the server (SPEC §5 messages). */
export function ClientProfileForm({ client, editable }: ClientProfileFormProps) {
  const defaults = useMemo(() => profileValues(client), [client]);
  const form = useForm<ClientFieldsInput, unknown, ClientFields>({
    resolver: zodResolver(clientFieldsSchema),
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, reset, formState } = form;
  useEffect(() => reset(defaults), [defaults, reset]);
  const save = useUpdateClient(client.id);
  const readOnly = !editable;
  const input = { readOnly, variant: readOnly ? 'filled' : 'default' };

  const submit = handleSubmit((values) => {
    save.mutate(values, {
      onError: (error) => {
        const fieldErrors = isApiError(error) ? error.body?.fieldErrors : undefined;
        for (const [field, message] of Object.entries(fieldErrors ?? {})) {
          setError(field as FieldPath<ClientFieldsInput>, { type: 'server', message });
        }
      },
    });
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-label="Client profile">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Profile
          </Title>
          {!editable && (
            <Text size="xs" c="dimmed">
              Read only
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          <FormTextInput control={control} name="firstName" required={editable} {...input} />
          <FormTextInput control={control} name="middleName" {...input} />
          <FormTextInput control={control} name="lastName" required={editable} {...input} />
          <FormTextInput control={control} name="maidenName" {...input} />
          {/* SPEC §5: typed MM-dd-yyyy; the schema checks it and stores yyyy-MM-dd. */}
          <FormTextInput control={control} name="dateOfBirth" placeholder="MM-DD-YYYY" inputMode="numeric" {...input} />
          <FormTextInput control={control} name="email" {...input} />
          <FormPhoneInput control={control} name="primaryNumber" {...input} />
          <FormPhoneInput control={control} name="mobileNumber" {...input} />
          <FormPhoneInput control={control} name="homeNumber" {...input} />
          <FormPhoneInput control={control} name="secondaryNumber" {...input} />
        </SimpleGrid>
        {TEXT_GROUPS.map((group) => (
          <Stack gap={4} key={group.title}>
            <Text size="sm" fw={600} c="dimmed">
              {group.title}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
              {group.fields.map((name) => (
                <FormTextInput key={name} control={control} name={name} {...input} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
        <FormSwitch control={control} name="autoText" label="Auto text (welcome texts allowed)" disabled={readOnly} />
        {save.isSuccess && !formState.isDirty && (
          <Alert color="green" variant="light" role="status" data-testid="client-saved">
            {CLIENT_MESSAGES.updated}
          </Alert>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => reset(defaults)} disabled={!formState.isDirty || save.isPending}>
              Discard
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!formState.isDirty}>
              Save Changes
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
