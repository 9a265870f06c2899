import { EXTENSION_MASK } from '@casedesk/contract/common/field-rules';
import { DigitMaskInput, type MaskedValueProps } from './digit-mask-input.tsx';

/** SPEC §2/§5: an extension is six digits. */
export function ExtensionInput(props: MaskedValueProps) {
  return <DigitMaskInput mask={EXTENSION_MASK} {...props} />;
}
