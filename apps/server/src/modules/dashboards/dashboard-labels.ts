import type { FigureKey, FigureUnit } from '@casedesk/contract/dashboards/dashboard';
import type { DashboardKind } from '@casedesk/contract/dashboards/dashboard-kinds';
import { CALL_CENTER_FIGURES, CORPORATE_FIGURES, OFFICE_FIGURES } from '@casedesk/contract/dashboards/dashboard';

/** What each figure is called on screen and in an export's heading, and what unit its value is in. */
export const FIGURES: Record<FigureKey, { label: string; unit: FigureUnit }> = {
  inboundCalls: { label: 'Inbound calls', unit: 'count' },
  outboundCalls: { label: 'Outbound calls', unit: 'count' },
  ongoingCalls: { label: 'Ongoing calls', unit: 'count' },
  missedCalls: { label: 'Missed calls', unit: 'count' },
  answerRate: { label: 'Answer rate', unit: 'percent' },
  averageTalkSeconds: { label: 'Average talk time', unit: 'seconds' },
  leadsCreated: { label: 'Leads created', unit: 'count' },
  appointmentsSet: { label: 'Appointments set', unit: 'count' },
  textsIn: { label: 'Texts in', unit: 'count' },
  textsOut: { label: 'Texts out', unit: 'count' },
  unansweredTexts: { label: 'Unanswered texts', unit: 'count' },
  appointmentsToday: { label: 'Appointments today', unit: 'count' },
  showedThisWeek: { label: 'Showed this week', unit: 'count' },
  noShowThisWeek: { label: 'No show this week', unit: 'count' },
  signedThisWeek: { label: 'Signed this week', unit: 'count' },
  bookedComingDays: { label: 'Booked, next 7 days', unit: 'count' },
  cashToday: { label: 'Cash received today', unit: 'cents' },
  cashThisMonth: { label: 'Cash received this month', unit: 'cents' },
  unreconciledDays: { label: 'Days not reconciled', unit: 'count' },
  collectionFollowUpsDue: { label: 'Collection follow-ups due', unit: 'count' },
  leads: { label: 'Leads', unit: 'count' },
  appointments: { label: 'Appointments', unit: 'count' },
  showed: { label: 'Showed', unit: 'count' },
  signed: { label: 'Signed', unit: 'count' },
  cashReceived: { label: 'Cash received', unit: 'cents' },
  collectionsOutstanding: { label: 'Collections outstanding', unit: 'cents' },
  collectionsCollected: { label: 'Collections collected', unit: 'cents' },
};

const BY_KIND: Record<DashboardKind, readonly FigureKey[]> = {
  CALL_CENTER: CALL_CENTER_FIGURES,
  OFFICE: OFFICE_FIGURES,
  CORPORATE: CORPORATE_FIGURES,
};

/** A drill names a figure of its own dashboard. */
export function isFigureOf(kind: DashboardKind, figure: FigureKey): boolean {
  return BY_KIND[kind].includes(figure);
}
