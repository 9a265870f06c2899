import { Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import { useContext } from 'react';
import { DateOfBirthField, PhoneField, TextField } from './form-inputs.tsx';
import type { InquiryFormValues } from './inquiry-form-values.ts';
import { InquirySlotsContext } from './inquiry-slots.ts';

interface ClientSectionProps {
  control: Control<InquiryFormValues>;
  /** Set when the inquiry is for an existing client (its fields are edited in place). */
  clientId: string | null | undefined;
  /** Set for a saved inquiry: its client's numbers can be called (SPEC §2 click-to-call). */
  inquiryId?: string | null;
  onResetClient?: () => void;
  resetting?: boolean;
}

/** SPEC §3 Client: every field, with the SPEC §5 masks (phones, date of birth MM-dd-yyyy). */
export function ClientSection({ control, clientId, inquiryId, onResetClient, resetting }: ClientSectionProps) {
  const { CallButton } = useContext(InquirySlotsContext);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="inquiry-client-title">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="inquiry-client-title">
            Client
          </Title>
          {inquiryId && CallButton && <CallButton inquiryId={inquiryId} />}
          {clientId && (
            <Group gap="xs">
              <Text size="xs" c="dimmed" data-testid="existing-client-note">
                Existing client
              </Text>
              {onResetClient && (
                <Button size="compact-xs" variant="subtle" onClick={onResetClient} loading={resetting}>
                  Choose another client
                </Button>
              )}
            </Group>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
          <TextField control={control} name="client.firstName" required />
          <TextField control={control} name="client.middleName" />
          <TextField control={control} name="client.lastName" required />
          <TextField control={control} name="client.maidenName" />
          <DateOfBirthField control={control} name="client.dateOfBirth" />
          <TextField control={control} name="client.email" />
          <PhoneField control={control} name="client.primaryNumber" />
          <PhoneField control={control} name="client.mobileNumber" />
          <PhoneField control={control} name="client.homeNumber" />
          <PhoneField control={control} name="client.secondaryNumber" />
          <TextField control={control} name="client.streetAddress" />
          <TextField control={control} name="client.city" />
          <TextField control={control} name="client.state" />
          <TextField control={control} name="client.zipCode" />
          <TextField control={control} name="client.county" />
          <TextField control={control} name="client.country" />
          <TextField control={control} name="client.placeOfBirth" />
          <TextField control={control} name="client.driverLicenseNumber" />
          <TextField control={control} name="client.driverLicenseState" />
          <TextField control={control} name="client.lmsClientNumber" />
          <TextField control={control} name="client.needlesClientNumber" />
          <TextField control={control} name="client.address" />
        </SimpleGrid>
        <Controller
          control={control}
          name="client.autoText"
          render={({ field }) => (
            <Switch
              label="Auto text (welcome texts allowed)"
              checked={field.value !== false}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
      </Stack>
    </Paper>
  );
}
