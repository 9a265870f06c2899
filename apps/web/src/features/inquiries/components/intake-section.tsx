import { Alert, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Control } from 'react-hook-form';
import { TEXTAREA_MAX_LENGTH } from '@casedesk/contract/common/field-rules';
import { YES_NO_ANSWERS, type IntakeQuestion } from '@casedesk/contract/inquiries/intake-question';
import { FormField, fieldErrorText } from '@/components/form-field/form-field.tsx';
import { useActiveDropdowns } from '@/lib/active-dropdowns.ts';
import { useIntakeQuestions } from '../api/get-intake-questions.ts';
import { DateTimeTextInput } from './date-inputs.tsx';
import type { InquiryFormValues } from './inquiry-form-values.ts';

interface IntakeSectionProps {
  control: Control<InquiryFormValues>;
  lawTypeId: string | null | undefined;
  /** The inquiry's own law type, shown even if it has been retired since. */
  currentLawType?: { id: string; value: string } | null;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

function QuestionInput({ control, question }: { control: Control<InquiryFormValues>; question: IntakeQuestion }) {
  const name = `clientIntake.answers.${question.id}` as const;
  return (
    <FormField control={control} name={name} label={question.question} required={question.required}>
      {({ value, onChange, ...props }) => {
        const text = asText(value);
        if (question.answerType === 'YES_NO' || question.answerType === 'CHOICE') {
          const data = question.answerType === 'YES_NO' ? [...YES_NO_ANSWERS] : (question.choices ?? []);
          return <Select {...props} data={data} value={text || null} onChange={(v) => onChange(v ?? '')} clearable />;
        }
        return (
          <TextInput
            {...props}
            value={text}
            onChange={(e) => onChange(e.currentTarget.value)}
            placeholder={question.answerType === 'DATE' ? 'MM-dd-yyyy' : undefined}
            maxLength={TEXTAREA_MAX_LENGTH}
          />
        );
      }}
    </FormField>
  );
}

/** Law type (INQUIRY_LAW_TYPE), its intake questions, and the incident date-time (SPEC §3 clientIntake). */
export function IntakeSection({ control, lawTypeId, currentLawType }: IntakeSectionProps) {
  const lawTypes = useActiveDropdowns('INQUIRY_LAW_TYPE');
  const questions = useIntakeQuestions(lawTypeId);
  const options = (lawTypes.data ?? []).map((o) => ({ value: o.id, label: o.value }));
  if (currentLawType && !options.some((o) => o.value === currentLawType.id)) {
    options.push({ value: currentLawType.id, label: currentLawType.value });
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="inquiry-intake-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="inquiry-intake-title">
          Law type and intake
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <FormField control={control} name="lawTypeId" label="Law Type">
            {({ value, onChange, error, ...props }) => (
              <Select
                {...props}
                error={error ?? (lawTypes.isError ? fieldErrorText('Law types could not be loaded') : undefined)}
                placeholder={lawTypes.isLoading ? 'Loading…' : 'Choose a law type'}
                data={options}
                value={asText(value) || null}
                onChange={(v) => onChange(v)}
                searchable
                clearable
              />
            )}
          </FormField>
          <FormField control={control} name="clientIntake.mvaResponse.incidentDateTime">
            {({ value, onChange, ...props }) => (
              <DateTimeTextInput {...props} value={asText(value)} onChange={onChange} />
            )}
          </FormField>
        </SimpleGrid>
        {!lawTypeId && (
          <Text size="sm" c="dimmed">
            Choose a law type to see its intake questions.
          </Text>
        )}
        {lawTypeId && questions.isLoading && <Loader size="sm" type="dots" aria-label="Loading intake questions" />}
        {questions.isError && (
          <Alert color="red" variant="light">
            Intake questions could not be loaded.
          </Alert>
        )}
        {lawTypeId && questions.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            This law type has no intake questions.
          </Text>
        )}
        {lawTypeId && questions.data && questions.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" data-testid="intake-questions">
            {questions.data.map((q) => (
              <QuestionInput key={q.id} control={control} question={q} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
