import { PHONE_MASK } from '@casedesk/contract/common/field-rules';
import { DigitMaskInput, type MaskedValueProps } from './digit-mask-input.tsx';

/** SPEC §5: phone shown as (###) ###-####, stored without punctuation. */
export function PhoneInput(props: MaskedValueProps) {
  return <DigitMaskInput mask={PHONE_MASK} inputMode="tel" autoComplete="tel-national" {...props} />;
}
