import { Alert, Button, FileInput, Group, Stack, TagsInput, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  MAIL_ATTACHMENT_ACCEPT,
  MAIL_ATTACHMENTS_MAX_BYTES,
  MAIL_ATTACHMENTS_MAX_COUNT,
  MAIL_BODY_MAX_LENGTH,
  MAIL_MESSAGES,
  sendMailRequestSchema,
} from '@casedesk/contract/mail/mail';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { fieldErrorText } from '@/components/form-field/form-field.tsx';
import { FormSelect, FormTextarea, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useSendMail } from '../api/send-mail.ts';

const field = sendMailRequestSchema.shape;

/** The request part as the form edits it; the same rules and messages as the server's (SPEC §5 house rule). */
const sendMailFormSchema = z.object({
  officeId: z.string().pipe(field.officeId),
  to: field.to,
  subject: field.subject,
  body: field.body,
});
type SendMailFormValues = z.infer<typeof sendMailFormSchema>;

/** What the form starts with when opened from a client's screen. */
export interface SendMailDefaults {
  to?: string[];
  officeId?: string | null;
  clientId?: string | null;
  /** The collection account the e-mail is about (its timeline and the account's mail list show it). */
  collectionAccountId?: string | null;
  subject?: string;
}

/** The files' own problems before anything is sent; the server judges their bytes again. */
export function attachmentProblem(files: readonly File[]): string | null {
  if (files.length > MAIL_ATTACHMENTS_MAX_COUNT) return MAIL_MESSAGES.attachmentsTooMany;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > MAIL_ATTACHMENTS_MAX_BYTES) return MAIL_MESSAGES.attachmentsTooLarge;
  const empty = files.find((f) => f.size === 0);
  return empty ? MAIL_MESSAGES.attachmentEmpty(empty.name) : null;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function RecipientsInput({ control }: { control: ReturnType<typeof useForm<SendMailFormValues>>['control'] }) {
  const { field: to, fieldState } = useController({ control, name: 'to' });
  return (
    <TagsInput
      label="To"
      withAsterisk
      description="Press Enter or a comma after each address"
      value={to.value}
      onChange={(values) => to.onChange(values.map((v) => v.trim()).filter(Boolean))}
      onBlur={to.onBlur}
      splitChars={[',', ' ', ';']}
      acceptValueOnBlur
      clearable
      error={fieldErrorText(fieldState.error?.message)}
    />
  );
}

interface SendMailFormProps {
  defaults?: SendMailDefaults;
  onDone: (mailId: string) => void;
  onCancel: () => void;
}

/** SPEC §7 mail/sendMail: office, recipients, subject, text and attachments; queued, then sent by the server. */
export function SendMailForm({ defaults = {}, onDone, onCancel }: SendMailFormProps) {
  const offices = useOfficeOptions('MAIL');
  const send = useSendMail();
  const [files, setFiles] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const officeChoices = (offices.data ?? []).map((o) => ({ value: o.id, label: o.name }));
  const { control, handleSubmit, setError, formState } = useForm<SendMailFormValues>({
    resolver: zodResolver(sendMailFormSchema),
    defaultValues: {
      officeId: defaults.officeId ?? '',
      to: defaults.to ?? [],
      subject: defaults.subject ?? '',
      body: '',
    },
    mode: 'onTouched',
  });
  const fileProblem = attachmentProblem(files);
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    if (fileProblem) return;
    try {
      const mail = await send.mutateAsync({
        request: {
          ...values,
          clientId: defaults.clientId ?? null,
          ...(defaults.collectionAccountId ? { collectionAccountId: defaults.collectionAccountId } : {}),
        },
        attachments: files,
      });
      notifications.show({ color: 'teal', message: MAIL_MESSAGES.sent });
      onDone(mail.id);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fieldErrors = error.body?.fieldErrors ?? {};
      let shown = false;
      for (const name of ['officeId', 'to', 'subject', 'body'] as const) {
        const message = fieldErrors[name] ?? fieldErrors[`${name}.0`];
        if (message) {
          setError(name, { type: 'server', message });
          shown = true;
        }
      }
      if (!shown) setFailure(error.body?.message ?? error.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Send e-mail">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The e-mail was not sent">
            {failure}
          </Alert>
        )}
        <FormSelect
          control={control}
          name="officeId"
          label="Office"
          required
          data={officeChoices}
          placeholder={offices.isPending ? 'Loading…' : 'Which office sends it'}
          searchable
          emptyValue=""
        />
        <RecipientsInput control={control} />
        <FormTextInput control={control} name="subject" label="Subject" required />
        <FormTextarea
          control={control}
          name="body"
          label="Message"
          required
          maxLength={MAIL_BODY_MAX_LENGTH}
          rows={8}
        />
        <FileInput
          label="Attachments"
          description={`PDF, PNG, JPEG, plain text or Word (DOCX); up to ${MAIL_ATTACHMENTS_MAX_COUNT} files, 10 MB together`}
          placeholder="Choose files"
          multiple
          clearable
          accept={MAIL_ATTACHMENT_ACCEPT}
          value={files}
          onChange={(chosen) => setFiles(chosen ?? [])}
          error={fileProblem ? fieldErrorText(fileProblem) : undefined}
        />
        {files.length > 0 && !fileProblem && (
          <Text size="xs" c="dimmed">
            {files.length} file{files.length === 1 ? '' : 's'}, {megabytes(files.reduce((s, f) => s + f.size, 0))}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting} disabled={fileProblem !== null}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
