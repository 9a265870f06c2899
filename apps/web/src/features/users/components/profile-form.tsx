import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { formatPhone } from '@casedesk/contract/common/text';
import { updateUserSchema, USER_MESSAGES, type UpdateUserInput, type UserDetail } from '@casedesk/contract/users/user';
import { isApiError } from '@/lib/api-error.ts';
import { useUpdateOwnProfile } from '../api/update-user.ts';
import { ExtensionTextInput, PhoneTextInput } from './phone-text-input.tsx';
import { ProfilePhotoField } from './profile-photo-field.tsx';

type ProfileOutput = z.output<typeof updateUserSchema>;

/** SPEC §2 editable fields, as the form holds them (phones masked; the schema strips them to digits). */
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
    workNumber: formatPhone(user.workNumber),
    phoneExtension: user.phoneExtension ?? '',
    mobileNumber: formatPhone(user.mobileNumber),
    zoomLink: user.zoomLink ?? '',
    imageUrl: user.imageUrl ?? '',
  };
}

/** SPEC §9: the drawer closes 1 second after a successful save. */
export const CLOSE_AFTER_SAVE_MS = 1000;

/** SPEC §5: field errors in red under the field, prefixed with an asterisk. */
const shown = (message: string | undefined) => (message ? `* ${message}` : undefined);

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
  const { control, handleSubmit, setError, setValue, formState } = form;
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

  const text = (name: keyof ProfileValues) => ({
    readOnly: !editable,
    variant: editable ? 'default' : 'filled',
    error: shown(formState.errors[name]?.message),
  });

  return (
    <form onSubmit={submit} noValidate aria-label="User Profile">
      <Stack gap="md">
        <Controller
          control={control}
          name="imageUrl"
          render={({ field }) => (
            <ProfilePhotoField
              userId={user.id}
              displayName={user.displayName}
              imageUrl={field.value}
              editable={editable}
              onUploadingChange={setUploading}
              onUploaded={(url) => setValue('imageUrl', url, { shouldDirty: true })}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Name" value={user.displayName} readOnly variant="filled" />
          <TextInput label="Email" value={user.mail} readOnly variant="filled" />
          <TextInput label="Job" value={user.jobTitle ?? ''} readOnly variant="filled" />
          <TextInput label="Role" value={user.role} readOnly variant="filled" />
          <Controller
            control={control}
            name="workNumber"
            render={({ field }) => (
              <PhoneTextInput
                label="Work Number"
                {...text('workNumber')}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <Controller
            control={control}
            name="phoneExtension"
            render={({ field }) => (
              <ExtensionTextInput
                label="Extension"
                {...text('phoneExtension')}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <Controller
            control={control}
            name="mobileNumber"
            render={({ field }) => (
              <PhoneTextInput
                label="Mobile Number"
                {...text('mobileNumber')}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <Controller
            control={control}
            name="zoomLink"
            render={({ field }) => (
              <TextInput
                label="Zoom Link"
                type="url"
                {...text('zoomLink')}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
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
