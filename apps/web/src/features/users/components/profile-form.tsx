import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { updateUserSchema, USER_MESSAGES, type UpdateUserInput, type UserDetail } from '@casedesk/contract/users/user';
import { FormField } from '@/components/form-field/form-field.tsx';
import { FormExtensionInput, FormPhoneInput, FormTextInput } from '@/components/form-field/form-inputs.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useUpdateOwnProfile } from '../api/update-user.ts';
import { ProfilePhotoField } from './profile-photo-field.tsx';

type ProfileOutput = z.output<typeof updateUserSchema>;

/** SPEC §2 editable fields, as the form holds them (phones and extension as their digits). */
interface ProfileValues {
  workNumber: string;
  phoneExtension: string;
  mobileNumber: string;
  zoomLink: string;
  imageUrl: string;
}

const EDITABLE: readonly (keyof ProfileValues)[] = [
  'workNumber',
  'phoneExtension',
  'mobileNumber',
  'zoomLink',
  'imageUrl',
];

function valuesOf(user: UserDetail): ProfileValues {
  return {
    workNumber: user.workNumber ?? '',
    phoneExtension: user.phoneExtension ?? '',
    mobileNumber: user.mobileNumber ?? '',
    zoomLink: user.zoomLink ?? '',
    imageUrl: user.imageUrl ?? '',
  };
}

/** SPEC §9: the drawer closes 1 second after a successful save. */
export const CLOSE_AFTER_SAVE_MS = 1000;

interface ProfileFormProps {
  user: UserDetail;
  /** SPEC §6: USER_PROFILE UPDATE; without it every field is read-only. */
  editable: boolean;
  onClose: () => void;
}

export function ProfileForm({ user, editable, onClose }: ProfileFormProps) {
  const form = useForm<UpdateUserInput, unknown, ProfileOutput>({
    resolver: zodResolver(updateUserSchema),
    defaultValues: valuesOf(user),
    mode: 'onTouched',
  });
  const { control, handleSubmit, setError, formState } = form;
  const save = useUpdateOwnProfile();
  const [uploading, setUploading] = useState(false);
  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (!save.isSuccess) return;
    const timer = window.setTimeout(close, CLOSE_AFTER_SAVE_MS);
    return () => window.clearTimeout(timer);
  }, [save.isSuccess]);

  const submit = handleSubmit((output) => {
    // imageUrl only when a new photo was uploaded: an untouched value is not the form's to re-validate.
    const body = { ...output };
    if (!formState.dirtyFields.imageUrl) delete body.imageUrl;
    save.mutate(body as UpdateUserInput, {
      onError: (error) => {
        const fieldErrors = isApiError(error) ? error.body?.fieldErrors : undefined;
        for (const [field, message] of Object.entries(fieldErrors ?? {})) {
          if ((EDITABLE as readonly string[]).includes(field)) {
            setError(field as FieldPath<UpdateUserInput>, { type: 'server', message });
          }
        }
      },
    });
  });

  const input = { readOnly: !editable, variant: editable ? 'default' : 'filled' };
  // The placeholders this drawer has always shown, and none on a read-only field.
  const placeholder = (mask: string) => (editable ? mask : undefined);

  return (
    <form onSubmit={submit} noValidate aria-label="User Profile">
      <Stack gap="md">
        <FormField control={control} name="imageUrl">
          {(field) => (
            <ProfilePhotoField
              userId={user.id}
              displayName={user.displayName}
              imageUrl={field.value}
              editable={editable}
              onUploadingChange={setUploading}
              onUploaded={field.onChange}
            />
          )}
        </FormField>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Name" value={user.displayName} readOnly variant="filled" />
          <TextInput label="Email" value={user.mail} readOnly variant="filled" />
          <TextInput label="Job" value={user.jobTitle ?? ''} readOnly variant="filled" />
          <TextInput label="Role" value={user.role} readOnly variant="filled" />
          <FormPhoneInput
            control={control}
            name="workNumber"
            label="Work Number"
            {...input}
            placeholder={placeholder('(###) ###-####')}
          />
          <FormExtensionInput
            control={control}
            name="phoneExtension"
            label="Extension"
            {...input}
            placeholder={placeholder('######')}
          />
          <FormPhoneInput
            control={control}
            name="mobileNumber"
            label="Mobile Number"
            {...input}
            placeholder={placeholder('(###) ###-####')}
          />
          <FormTextInput control={control} name="zoomLink" label="Zoom Link" type="url" {...input} />
        </SimpleGrid>
        {save.isSuccess && (
          <Alert color="green" variant="light" role="status" data-testid="profile-saved">
            {USER_MESSAGES.profileUpdated}
          </Alert>
        )}
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={uploading || save.isSuccess || !formState.isDirty}>
              Save Changes
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
