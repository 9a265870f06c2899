import { SSN_MASK } from '@casedesk/contract/common/field-rules';
import { DigitMaskInput, type MaskedValueProps } from './digit-mask-input.tsx';

/** SPEC §5: SSN-like format ###-##-####, stored as its nine digits. */
export function SsnInput(props: MaskedValueProps) {
  return <DigitMaskInput mask={SSN_MASK} {...props} />;
}
