import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { DateOfBirthField, PhoneField, TextField } from './form-inputs.tsx';
import type { InquiryFormValues } from './inquiry-form-values.ts';

/** SPEC §3 intakeOpposingParty: names (≤ 30), date of birth, phone and LMS client number (SPEC §5 rules). */
export function OpposingPartySection({ control }: { control: Control<InquiryFormValues> }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="inquiry-party-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="inquiry-party-title">
          Opposing party
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
          <TextField control={control} name="intakeOpposingParty.firstName" />
          <TextField control={control} name="intakeOpposingParty.middleName" />
          <TextField control={control} name="intakeOpposingParty.lastName" />
          <DateOfBirthField control={control} name="intakeOpposingParty.dateOfBirth" />
          <PhoneField control={control} name="intakeOpposingParty.phoneNumber" />
          <TextField control={control} name="intakeOpposingParty.lmsClientNumber" />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
