import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { PaymentForm } from './payment-form.tsx';

/** "Add payment": the payment form in a modal; the list and totals refresh when it saves. */
export function AddPaymentButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button onClick={open}>Add payment</Button>
      <Modal opened={opened} onClose={close} title="Add payment" size="lg">
        {opened && (
          <PaymentForm
            onCancel={close}
            onSaved={(payment) => {
              close();
              notifications.show({
                color: 'teal',
                message: `Payment saved with receipt ${payment.receiptNumber ?? ''}.`,
              });
            }}
          />
        )}
      </Modal>
    </>
  );
}
