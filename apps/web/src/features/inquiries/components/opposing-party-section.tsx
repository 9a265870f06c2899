import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { FormPhoneInput, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { DateOfBirthField } from './form-inputs.tsx';
import type { InquiryControl } from './inquiry-form-values.ts';

/** SPEC §3 intakeOpposingParty: names (≤ 30), date of birth, phone and LMS client number (SPEC §5 rules). */
export function OpposingPartySection({ control }: { control: InquiryControl }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="inquiry-party-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="inquiry-party-title">
          Opposing party
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
          <FormTextInput control={control} name="intakeOpposingParty.firstName" />
          <FormTextInput control={control} name="intakeOpposingParty.middleName" />
          <FormTextInput control={control} name="intakeOpposingParty.lastName" />
          <DateOfBirthField control={control} name="intakeOpposingParty.dateOfBirth" />
          <FormPhoneInput control={control} name="intakeOpposingParty.phoneNumber" />
          <FormTextInput control={control} name="intakeOpposingParty.lmsClientNumber" />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
