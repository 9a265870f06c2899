/** Filter ids only narrow a list already cut to the offices CASH_FLOW READ reaches; none widens it. */
export const CASH_FLOW_FILTER_IDS = {
  'filter.officeId': 'only narrows the list, already cut to the offices CASH_FLOW READ reaches',
  'filter.lawTypeId': 'a law type (a shared dropdown option), no office',
  'filter.enteredById': 'only narrows the list, already cut to the offices CASH_FLOW READ reaches',
  'filter.clientId': 'only narrows the list, already cut to the offices CASH_FLOW READ reaches',
};
