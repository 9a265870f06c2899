import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useContext } from 'react';
import { FormPhoneInput, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { FormSwitch } from '@/components/form-field/form-toggles.tsx';
import { DateOfBirthField } from './form-inputs.tsx';
import type { InquiryControl } from './inquiry-form-values.ts';
import { InquirySlotsContext } from './inquiry-slots.ts';

interface ClientSectionProps {
  control: InquiryControl;
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
          <FormTextInput control={control} name="client.firstName" required />
          <FormTextInput control={control} name="client.middleName" />
          <FormTextInput control={control} name="client.lastName" required />
          <FormTextInput control={control} name="client.maidenName" />
          <DateOfBirthField control={control} name="client.dateOfBirth" />
          <FormTextInput control={control} name="client.email" />
          <FormPhoneInput control={control} name="client.primaryNumber" />
          <FormPhoneInput control={control} name="client.mobileNumber" />
          <FormPhoneInput control={control} name="client.homeNumber" />
          <FormPhoneInput control={control} name="client.secondaryNumber" />
          <FormTextInput control={control} name="client.streetAddress" />
          <FormTextInput control={control} name="client.city" />
          <FormTextInput control={control} name="client.state" />
          <FormTextInput control={control} name="client.zipCode" />
          <FormTextInput control={control} name="client.county" />
          <FormTextInput control={control} name="client.country" />
          <FormTextInput control={control} name="client.placeOfBirth" />
          <FormTextInput control={control} name="client.driverLicenseNumber" />
          <FormTextInput control={control} name="client.driverLicenseState" />
          <FormTextInput control={control} name="client.lmsClientNumber" />
          <FormTextInput control={control} name="client.needlesClientNumber" />
          <FormTextInput control={control} name="client.address" />
        </SimpleGrid>
        <FormSwitch control={control} name="client.autoText" label="Auto text (welcome texts allowed)" />
      </Stack>
    </Paper>
  );
}
