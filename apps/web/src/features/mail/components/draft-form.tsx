import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  SegmentedControl,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  DRAFT_BODY_MAX_LENGTH,
  DRAFT_KIND_LABELS,
  DRAFT_KINDS,
  draftWriteSchema,
  type Draft,
  type DraftKind,
} from '@casedesk/contract/mail/draft';
import { MAIL_ATTACHMENT_ACCEPT, MAIL_ATTACHMENTS_MAX_COUNT } from '@casedesk/contract/mail/mail';
import { useOfficeOptions } from '@/api/dropdowns/office-options.ts';
import { fieldErrorText } from '@/components/form-field/form-field.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useSaveDraft } from '../api/draft-writes.ts';
import { useTemplatesByType } from '@/api/templates/templates-by-type.ts';
import { attachmentProblem } from './send-mail-form.tsx';

/** Whom the draft is about: a collection account and its client. */
export interface DraftTarget {
  collectionAccountId: string;
  client: { id: string; name: string; email: string | null; officeId: string | null };
}

type FieldName = 'officeId' | 'to' | 'subject' | 'body' | 'templateId';

interface DraftFormProps {
  target: DraftTarget;
  /** The draft being changed (only while not approved); a new draft otherwise. */
  draft?: Draft;
  onDone: (draft: Draft) => void;
  onCancel: () => void;
}

/**
 * A letter or e-mail draft about the account (SPEC §7 draft PUT): from a template (the server fills it for the
 * account when the text is left empty) or written freely; an e-mail has recipients and may carry files.
 */
export function DraftForm({ target, draft, onDone, onCancel }: DraftFormProps) {
  const offices = useOfficeOptions('MAIL');
  const save = useSaveDraft();
  const [kind, setKind] = useState<DraftKind>(draft?.kind ?? 'LETTER');
  const templates = useTemplatesByType(kind);
  const [officeId, setOfficeId] = useState(draft?.officeId ?? target.client.officeId ?? '');
  const [templateId, setTemplateId] = useState<string | null>(draft?.templateId ?? null);
  const [to, setTo] = useState<string[]>(draft?.to ?? (target.client.email ? [target.client.email] : []));
  const [subject, setSubject] = useState(draft?.subject ?? '');
  const [body, setBody] = useState(draft?.body ?? '');
  const [keep, setKeep] = useState<string[]>(draft?.attachments.map((a) => a.id) ?? []);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const email = kind === 'EMAIL';
  const fileProblem = email ? attachmentProblem(files) : null;
  const templateChoices = (templates.data ?? []).map((t) => ({ value: t.id, label: t.name }));

  const chooseKind = (next: DraftKind) => {
    setKind(next);
    setTemplateId(null);
  };
  const chooseTemplate = (id: string | null) => {
    setTemplateId(id);
    const template = templates.data?.find((t) => t.id === id);
    if (template && subject.trim() === '') setSubject(template.name);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const request = {
      ...(draft ? { id: draft.id } : {}),
      kind,
      officeId,
      clientId: target.client.id,
      collectionAccountId: target.collectionAccountId,
      templateId,
      to: email ? to : [],
      subject,
      body: body.trim() === '' ? null : body,
      ...(draft ? { keepAttachmentIds: email ? keep : [] } : {}),
    };
    // The same rules and messages as the server's (SPEC §5 house rule).
    const checked = draftWriteSchema.safeParse(request);
    if (!checked.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) {
        const name = String(issue.path[0] ?? '') as FieldName;
        if (['officeId', 'to', 'subject', 'body', 'templateId'].includes(name)) next[name] ??= issue.message;
        else setFailure(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    if (fileProblem) return;
    try {
      const saved = await save.mutateAsync({ draft: request, attachments: email ? files : [] });
      notifications.show({ color: 'teal', message: 'The draft has been saved; it now needs someone else’s approval.' });
      onDone(saved);
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fieldErrors = error.body?.fieldErrors ?? {};
      const next: Partial<Record<FieldName, string>> = {};
      for (const name of ['officeId', 'to', 'subject', 'body', 'templateId'] as const) {
        const message = fieldErrors[name] ?? fieldErrors[`${name}.0`];
        if (message) next[name] = message;
      }
      setErrors(next);
      if (Object.keys(next).length === 0) setFailure(error.body?.message ?? error.message);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={draft ? 'Edit draft' : 'New draft'}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="The draft was not saved">
            {failure}
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Kind
          </Text>
          <SegmentedControl
            aria-label="Kind"
            value={kind}
            onChange={(v) => chooseKind(v as DraftKind)}
            disabled={draft !== undefined}
            data={DRAFT_KINDS.map((k) => ({ value: k, label: DRAFT_KIND_LABELS[k] }))}
          />
        </Stack>
        <Text size="sm">
          About <b>{target.client.name}</b>
          {email ? '' : ': printed to the client’s address as the client record has it.'}
        </Text>
        <Select
          label="Office"
          withAsterisk
          data={(offices.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
          value={officeId || null}
          onChange={(v) => setOfficeId(v ?? '')}
          placeholder={offices.isPending ? 'Loading…' : 'Whose letterhead or mailbox'}
          searchable
          error={fieldErrorText(errors.officeId)}
        />
        <Select
          label="Template"
          description="Leave the text empty and the server fills the template in for this account."
          data={templateChoices}
          value={templateId}
          onChange={chooseTemplate}
          placeholder={templates.isPending ? 'Loading…' : 'Written freely'}
          clearable
          searchable
          error={fieldErrorText(errors.templateId)}
        />
        {email && (
          <TagsInput
            label="To"
            withAsterisk
            description="Press Enter or a comma after each address"
            value={to}
            onChange={(values) => setTo(values.map((v) => v.trim()).filter(Boolean))}
            splitChars={[',', ' ', ';']}
            acceptValueOnBlur
            clearable
            error={fieldErrorText(errors.to)}
          />
        )}
        <TextInput
          label="Subject"
          withAsterisk
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          error={fieldErrorText(errors.subject)}
        />
        <Textarea
          label={email ? 'Message' : 'Letter'}
          withAsterisk={templateId === null}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          maxLength={DRAFT_BODY_MAX_LENGTH}
          rows={8}
          placeholder={templateId ? 'Filled from the template when left empty' : undefined}
          error={fieldErrorText(errors.body)}
        />
        {email && draft && draft.attachments.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Files already attached
            </Text>
            {draft.attachments.map((a) => (
              <Checkbox
                key={a.id}
                label={`Keep ${a.filename}`}
                checked={keep.includes(a.id)}
                onChange={(e) => setKeep(e.currentTarget.checked ? [...keep, a.id] : keep.filter((id) => id !== a.id))}
              />
            ))}
          </Stack>
        )}
        {email && (
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
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={fileProblem !== null}>
            Save draft
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
