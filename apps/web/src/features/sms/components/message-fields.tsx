import { Anchor } from '@mantine/core';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { SMS_BODY_MAX_LENGTH, SMS_MESSAGES } from '@casedesk/contract/sms/sms';
import { fillTemplate, termBlocksPaymentPlaceholders, type TemplateValues } from '@casedesk/contract/sms/template-fill';
import { FormSelect, FormTextarea } from '@/components/form-field/form-inputs.tsx';
import { FormSwitch } from '@/components/form-field/form-toggles.tsx';
import { paths } from '@/config/paths.ts';
import { can, subjectOf } from '@/lib/access.ts';
import { useSession } from '@/lib/session-context.ts';
import { useCannedTexts } from '../api/get-canned-texts.ts';
import { useTemplatesByType } from '@/api/templates/templates-by-type.ts';
import { closeTextDrawer } from '../text-drawer-store.ts';
import type { TextFormOutput, TextFormValues } from './text-form-values.ts';

/**
 * The collection account's term decides whether @payment and @dueDate may be filled (SPEC §5). There
 * are no collection accounts yet, so no text has a Payment Plan term: such templates are refused.
 */
const ACCOUNT_TERM: string | null = null;

const preview = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text);

interface MessageFieldsProps {
  form: UseFormReturn<TextFormValues, unknown, TextFormOutput>;
  /** The client's values for the template placeholders, read when a template is picked. */
  templateValues: () => TemplateValues;
}

/** SPEC §2: Template plus Message in template mode, else Canned Text plus Message. */
export function MessageFields({ form, templateValues }: MessageFieldsProps) {
  const { control, setValue, setError } = form;
  const useTemplate = useWatch({ control, name: 'useTemplate' });
  const templates = useTemplatesByType('TEXT', useTemplate);
  const canned = useCannedTexts(!useTemplate);
  // Templates are managed under collection management (docs/correspondence-templates.md).
  const mayManageTemplates = can(subjectOf(useSession()), 'COLLECTION_MANAGEMENT', 'UPDATE');

  const pickTemplate = (id: string | null) => {
    const template = templates.data?.find((t) => t.id === id);
    if (!template) return;
    // SPEC §5: 'Term is not Payment Plan' instead of a text promising a payment that was never agreed.
    if (termBlocksPaymentPlaceholders(ACCOUNT_TERM, template.content)) {
      setValue('body', '', { shouldDirty: true });
      setError('body', { type: 'term', message: SMS_MESSAGES.termNotPaymentPlan });
      return;
    }
    setValue('body', fillTemplate(template.content, templateValues()), { shouldDirty: true, shouldValidate: true });
  };

  const pickCanned = (id: string | null) => {
    const text = canned.data?.find((c) => c.id === id);
    if (text) setValue('body', text.message, { shouldDirty: true, shouldValidate: true });
  };

  const sourceError = useTemplate ? templates.isError : canned.isError;
  return (
    <>
      <FormSwitch
        control={control}
        name="useTemplate"
        label="Use template"
        // A template and a canned text are two sources of one message: a switch starts from neither.
        onValueChange={() => {
          setValue('templateId', null);
          setValue('cannedTextId', null);
        }}
        data-testid="use-template-switch"
      />
      {useTemplate ? (
        <>
          <FormSelect
            control={control}
            name="templateId"
            label="Template"
            placeholder={templates.isPending ? 'Loading…' : 'Choose a template'}
            data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            onValueChange={pickTemplate}
            searchable
            clearable
            nothingFoundMessage="No text templates"
            error={sourceError ? 'Templates could not be loaded' : undefined}
            data-testid="template-select"
          />
          {mayManageTemplates && (
            <Anchor
              component={Link}
              to={paths.collections.management.href({ collection: 'templates' })}
              onClick={closeTextDrawer}
              size="xs"
              w="fit-content"
              mt={-6}
            >
              Manage templates
            </Anchor>
          )}
        </>
      ) : (
        <FormSelect
          control={control}
          name="cannedTextId"
          label="Canned Text"
          placeholder={canned.isPending ? 'Loading…' : 'Choose a canned text'}
          data={(canned.data ?? []).map((c) => ({ value: c.id, label: preview(c.message) }))}
          onValueChange={pickCanned}
          searchable
          clearable
          nothingFoundMessage="No canned texts yet"
          error={sourceError ? 'Canned texts could not be loaded' : undefined}
          data-testid="canned-text-select"
        />
      )}
      <FormTextarea
        control={control}
        name="body"
        label="Message"
        required
        maxLength={SMS_BODY_MAX_LENGTH}
        // SPEC §5: the limit is reported with its own message, not by refusing keystrokes.
        enforceMaxLength={false}
        rows={5}
        data-testid="text-message"
      />
    </>
  );
}
