import { Alert, Box, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useContext, useEffect } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { intakeAnswerError, type IntakeQuestion } from '@casedesk/contract/inquiries/intake-question';
import { inquiryFormSchema, type CreateInquiryInput, type InquiryDetail } from '@casedesk/contract/inquiries/inquiry';
import { countOf } from '@casedesk/contract/common/text';
import { paths } from '@/config/paths.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useExportInquiryPdf } from '../api/export-inquiry-pdf.ts';
import { getClient } from '@/api/clients/client.ts';
import { intakeQuestionsQueryOptions } from '../api/get-intake-questions.ts';
import { useResetInquiryClient } from '../api/reset-inquiry-client.ts';
import { useSaveInquiry } from '../api/save-inquiry.ts';
import { CaseSection } from './case-section.tsx';
import { ClientSection } from './client-section.tsx';
import { BLANK_CLIENT, clientValues, type InquiryFormOutput, type InquiryFormValues } from './inquiry-form-values.ts';
import { InquirySidePanels } from './inquiry-side-panels.tsx';
import { InquirySlotsContext } from './inquiry-slots.ts';
import { IntakeSection } from './intake-section.tsx';
import { OpposingPartySection } from './opposing-party-section.tsx';

interface InquiryFormProps {
  /** Null while creating. */
  inquiry: InquiryDetail | null;
  defaultValues: InquiryFormValues;
}

export const SAVED_MESSAGE = 'Inquiry has been saved successfully';

/** SPEC §2 inquiry screen: client, law type and intake, opposing party, case description; one Save. */
export function InquiryForm({ inquiry, defaultValues }: InquiryFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { HeaderActions, Appointment } = useContext(InquirySlotsContext);
  const form = useForm<InquiryFormValues, unknown, InquiryFormOutput>({
    resolver: zodResolver(inquiryFormSchema),
    defaultValues,
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, reset, setValue, formState } = form;
  useEffect(() => reset(defaultValues), [defaultValues, reset]);
  const save = useSaveInquiry();
  const pdf = useExportInquiryPdf();
  const resetClient = useResetInquiryClient();
  const lawTypeId = useWatch({ control, name: 'lawTypeId' });
  const clientId = useWatch({ control, name: 'clientId' });

  const showServerErrors = (error: unknown) => {
    const fieldErrors = isApiError(error) ? error.body?.fieldErrors : undefined;
    for (const [field, message] of Object.entries(fieldErrors ?? {})) {
      setError(field as FieldPath<InquiryFormValues>, { type: 'server', message });
    }
  };

  /**
   * Answers of the chosen law type's questions only (a law type changed mid-call leaves the old ones
   * behind), each checked with the contract's answer rule (the server checks it too). Null when one fails.
   */
  const answersToSend = async (values: InquiryFormOutput): Promise<Record<string, string> | null> => {
    if (!values.lawTypeId) return {};
    const questions: IntakeQuestion[] = await queryClient.ensureQueryData(
      intakeQuestionsQueryOptions(values.lawTypeId),
    );
    const answers: Record<string, string> = {};
    let failed = false;
    for (const question of questions) {
      const answer = values.clientIntake.answers[question.id] ?? '';
      const message = intakeAnswerError(question, answer);
      if (message) {
        setError(`clientIntake.answers.${question.id}`, { type: 'validate', message });
        failed = true;
      }
      if (answer.trim()) answers[question.id] = answer;
    }
    return failed ? null : answers;
  };

  const submit = handleSubmit(async (values) => {
    const answers = await answersToSend(values);
    if (!answers) return;
    const body = { ...values, clientIntake: { ...values.clientIntake, answers } } as CreateInquiryInput;
    save.mutate(
      { inquiryId: inquiry?.id ?? null, body },
      {
        onError: showServerErrors,
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: SAVED_MESSAGE });
          if (!inquiry) navigate(paths.communication.lead.href(saved.id), { replace: true });
        },
      },
    );
  });

  const takeExistingClient = async (id: string) => {
    const client = await getClient(id);
    setValue('clientId', client.id, { shouldDirty: true });
    setValue('client', clientValues(client), { shouldDirty: true, shouldValidate: true });
  };

  const chooseAnotherClient = () => {
    if (!inquiry) {
      setValue('clientId', null, { shouldDirty: true });
      setValue('client', BLANK_CLIENT, { shouldDirty: true });
      return;
    }
    resetClient.mutate(inquiry.id, {
      onSuccess: () => {
        setValue('clientId', null, { shouldDirty: true });
        setValue('client', BLANK_CLIENT, { shouldDirty: true });
      },
    });
  };

  const title = inquiry?.client
    ? `Lead · ${inquiry.client.firstName} ${inquiry.client.lastName}`
    : inquiry
      ? 'Lead'
      : 'New lead';
  const errorCount = Object.keys(formState.errors).length;

  return (
    <form onSubmit={submit} noValidate aria-label="Inquiry">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={1}>{title}</Title>
            {inquiry && (
              <Text size="sm" c="dimmed">
                {countOf(inquiry.calls.length, 'call')} · {countOf(inquiry.smsMessages.length, 'text')}
              </Text>
            )}
          </Stack>
          <Group gap="sm">
            {inquiry && HeaderActions && <HeaderActions inquiryId={inquiry.id} clientId={inquiry.clientId} />}
            {inquiry && (
              <Button variant="default" onClick={() => pdf.mutate(inquiry.id)} loading={pdf.isPending}>
                Export PDF
              </Button>
            )}
            <Button type="submit" loading={save.isPending || formState.isSubmitting}>
              Save
            </Button>
          </Group>
        </Group>
        {errorCount > 0 && formState.isSubmitted && (
          <Alert color="red" variant="light" role="alert">
            Some fields need attention; each is marked below.
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="md">
              <ClientSection
                control={control}
                clientId={clientId}
                inquiryId={inquiry?.id ?? null}
                onResetClient={chooseAnotherClient}
                resetting={resetClient.isPending}
              />
              <IntakeSection control={control} lawTypeId={lawTypeId} currentLawType={inquiry?.lawType} />
              <OpposingPartySection control={control} />
              <CaseSection control={control} />
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            {inquiry && Appointment && (
              <Box mb="md">
                <Appointment inquiry={inquiry} />
              </Box>
            )}
            <InquirySidePanels
              control={control}
              inquiryId={inquiry?.id ?? null}
              onUseExisting={(id) => void takeExistingClient(id)}
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
