import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useCreateOffice } from '../api/create-office.ts';
import { OfficeForm } from './office-form.tsx';

/** "New office": the office form in a modal; a saved office opens its own page. */
export function NewOfficeButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const create = useCreateOffice();
  const navigate = useNavigate();
  return (
    <>
      <Button onClick={open}>New office</Button>
      <Modal opened={opened} onClose={close} title="New office" size="xl">
        {opened && (
          <OfficeForm
            submitLabel="Create office"
            save={create.mutateAsync}
            onCancel={close}
            onSaved={(office) => {
              close();
              navigate(paths.management.officeDetail.href(office.id));
            }}
          />
        )}
      </Modal>
    </>
  );
}
