import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { phoneField } from '@casedesk/contract/common/field-rules';
import { FormPhoneInput } from '@/components/form-field/form-inputs.tsx';
import { useUpdateOwnProfile } from '@/features/users/api/update-user.ts';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session-context.ts';

/** SPEC §5: shown as (###) ###-####, stored as its 10 digits; the messages read like the server's. */
const formSchema = z.object({ clickToCall: phoneField('clickToCall', { required: true }) });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

interface ChangeClickToCallModalProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC §2 user menu "Change click to call": the number the phone system rings for the user's click-to-call. */
export function ChangeClickToCallModal({ opened, onClose }: ChangeClickToCallModalProps) {
  // The modal unmounts its content when closed, so each opening starts from the saved number.
  return (
    <Modal opened={opened} onClose={onClose} title="Change click to call" centered size="sm">
      <ClickToCallForm onDone={onClose} />
    </Modal>
  );
}

function ClickToCallForm({ onDone }: { onDone: () => void }) {
  const { user } = useSession();
  // PUT /api/v1/user with `{ clickToCall }` as digits (SPEC §5, §7); the answer updates the current user.
  const update = useUpdateOwnProfile();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { clickToCall: user.clickToCall ?? '' },
  });

  const submit = form.handleSubmit(({ clickToCall }) =>
    update.mutate(
      { clickToCall },
      {
        onSuccess: () => {
          // SPEC §9: toasts last 1500 ms (the Notifications default set in app-providers).
          notifications.show({ color: 'teal', message: 'Click to call number has been updated successfully' });
          onDone();
        },
        // A 400 is the server's verdict on the field, shown under it; other failures go to the error popup.
        onError: (error) => {
          if (isApiError(error) && error.status === 400) {
            const message = error.body?.fieldErrors?.clickToCall ?? error.message;
            form.setError('clickToCall', { message });
          }
        },
      },
    ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The phone that rings first when you click a number to call it.
        </Text>
        <FormPhoneInput
          control={form.control}
          name="clickToCall"
          label="Click to call number"
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
