import { formatDateInput } from '@casedesk/contract/common/text';

/** A day as SPEC §5 shows dates, MM-dd-yyyy. */
export const shownDate = (day: string): string => formatDateInput(day);
