import { Alert, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { TEXTAREA_MAX_LENGTH } from '@casedesk/contract/common/field-rules';
import { YES_NO_ANSWERS, type IntakeQuestion } from '@casedesk/contract/inquiries/intake-question';
import { FormField, fieldErrorText } from '@/components/form-field/form-field.tsx';
import { FormSelect, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { useActiveDropdowns } from '@/lib/active-dropdowns.ts';
import { useIntakeQuestions } from '../api/get-intake-questions.ts';
import { DateTimeTextInput } from './date-inputs.tsx';
import type { InquiryControl } from './inquiry-form-values.ts';

interface IntakeSectionProps {
  control: InquiryControl;
  lawTypeId: string | null | undefined;
  /** The inquiry's own law type, shown even if it has been retired since. */
  currentLawType?: { id: string; value: string } | null;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');

function QuestionInput({ control, question }: { control: InquiryControl; question: IntakeQuestion }) {
  const binding = {
    control,
    name: `clientIntake.answers.${question.id}`,
    label: question.question,
    required: question.required,
  } as const;
  if (question.answerType === 'YES_NO' || question.answerType === 'CHOICE') {
    const data = question.answerType === 'YES_NO' ? [...YES_NO_ANSWERS] : (question.choices ?? []);
    return <FormSelect {...binding} data={data} emptyValue="" clearable />;
  }
  return (
    <FormTextInput
      {...binding}
      placeholder={question.answerType === 'DATE' ? 'MM-dd-yyyy' : undefined}
      maxLength={TEXTAREA_MAX_LENGTH}
    />
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
          <FormSelect
            control={control}
            name="lawTypeId"
            label="Law Type"
            error={lawTypes.isError ? fieldErrorText('Law types could not be loaded') : undefined}
            placeholder={lawTypes.isLoading ? 'Loading…' : 'Choose a law type'}
            data={options}
            searchable
            clearable
          />
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
