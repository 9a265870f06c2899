import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  MAX_PHOTO_BYTES,
  PHOTO_CONTENT_TYPES,
  PHOTO_MESSAGES,
  type PhotoContentType,
} from '@casedesk/contract/users/user-photo';
import { useUserPhotoUrl } from '../api/get-user-photo.ts';
import { useUploadPhoto } from '../api/upload-photo.ts';

interface ProfilePhotoFieldProps {
  userId: string;
  displayName: string;
  /** The form's imageUrl: the saved photo, or one just uploaded and not saved yet. */
  imageUrl: string | null | undefined;
  editable: boolean;
  onUploaded: (imageUrl: string) => void;
  onUploadingChange: (uploading: boolean) => void;
}

function initialsOf(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  const letters = parts.map((part) => part.charAt(0).toUpperCase());
  return letters.length > 1 ? letters[0]! + letters[letters.length - 1]! : (letters[0] ?? '?');
}

const isPhotoType = (type: string): type is PhotoContentType =>
  (PHOTO_CONTENT_TYPES as readonly string[]).includes(type);

/**
 * SPEC §2 photo: pick a file → request an upload location → PUT the bytes there; the profile's Save Changes
 * then stores the new imageUrl. A wrong type or size is a field error; an upload failure is only logged (SPEC §8).
 */
export function ProfilePhotoField(props: ProfilePhotoFieldProps) {
  const { userId, displayName, imageUrl, editable, onUploaded, onUploadingChange } = props;
  const photoUrl = useUserPhotoUrl(imageUrl);
  const upload = useUploadPhoto();
  const [error, setError] = useState<string | null>(null);

  const pick = (file: File | null) => {
    if (!file) return;
    if (!isPhotoType(file.type)) return setError(PHOTO_MESSAGES.contentType);
    if (file.size > MAX_PHOTO_BYTES) return setError(PHOTO_MESSAGES.tooLarge);
    setError(null);
    onUploadingChange(true);
    upload.mutate(
      { userId, file },
      {
        onSuccess: onUploaded,
        // Already logged with SPEC §8's words by uploadPhoto; nothing is shown.
        onError: () => undefined,
        onSettled: () => onUploadingChange(false),
      },
    );
  };

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar
        src={photoUrl}
        size={72}
        radius="xl"
        color="blue"
        alt={photoUrl ? `Photo of ${displayName}` : ''}
        data-testid="profile-photo"
        data-has-photo={photoUrl ? 'true' : 'false'}
      >
        {initialsOf(displayName)}
      </Avatar>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Photo
        </Text>
        {editable && (
          <>
            <FileButton onChange={pick} accept={PHOTO_CONTENT_TYPES.join(',')}>
              {(buttonProps) => (
                <Button {...buttonProps} variant="default" size="xs" loading={upload.isPending}>
                  Change photo
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              PNG, JPEG or WebP, up to 2 MB
            </Text>
          </>
        )}
        {error && (
          <Text size="xs" c="red" role="alert">
            * {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
