import { z } from 'zod';
import {
  accessAtSchema,
  accessHistorySchema,
  accessProfileListSchema,
  accessProfileSchema,
  applyProfileResultSchema,
  explainResponseSchema,
  lookupListSchema,
  userAccessDetailSchema,
  userAccessListResponseSchema,
  whoCanSeeResponseSchema,
} from '@casedesk/contract/access/access-admin';
import { cashFlowAccessSchema, cashFlowAccessUserSchema } from '@casedesk/contract/accounting/cash-flow-access';
import { cashFlowReportQueuedSchema, cashFlowReportStatusSchema } from '@casedesk/contract/accounting/cash-flow-report';
import {
  cashFlowListResponseSchema,
  cashFlowTotalsSchema,
  paymentDetailSchema,
} from '@casedesk/contract/accounting/payment';
import {
  threeWaySchema,
  trustEntrySchema,
  trustLedgerSchema,
  trustLedgersResponseSchema,
} from '@casedesk/contract/accounting/trust';
import {
  depositSchema,
  officeEnteredTotalSchema,
  reconRowSchema,
  reconTableSchema,
  reconTotalSchema,
} from '@casedesk/contract/accounting/reconciliation';
import { dashboardSchema, drillRowsSchema, myDashboardsSchema } from '@casedesk/contract/dashboards/dashboard';
import { draftListResponseSchema, draftSchema } from '@casedesk/contract/mail/draft';
import { permissionListSchema } from '@casedesk/contract/access/permission-schemas';
import {
  dashboardAccessSchema,
  dashboardByCollectorSchema,
  dashboardByOfficeSchema,
  dashboardSummarySchema,
} from '@casedesk/contract/collections/dashboard';
import { collectionReportSchema } from '@casedesk/contract/collections/report';
import { letterBatchStatusSchema, letterListResponseSchema, letterSchema } from '@casedesk/contract/mail/letter';
import { mailDetailSchema, mailListResponseSchema, mailTransportSchema } from '@casedesk/contract/mail/mail';
import { directoryGroupListSchema, directoryGroupSchema } from '@casedesk/contract/directory/directory-groups';
import { directorySyncResultSchema } from '@casedesk/contract/directory/directory-sync';
import {
  appointmentListResponseSchema,
  appointmentRowSchema,
  weekdayTotalsSchema,
} from '@casedesk/contract/appointments/appointment';
import {
  publicAppointmentDetailSchema,
  savedAppointmentSchema,
} from '@casedesk/contract/appointments/appointment-link';
import { attorneyListResponseSchema, attorneySummarySchema } from '@casedesk/contract/attorneys/attorney-list';
import { attorneyScheduleSchema, availabilityRecordSchema } from '@casedesk/contract/attorneys/attorney-schedule';
import { calendarEventSchema, holidaySchema } from '@casedesk/contract/calendar/calendar-event';
import { litigationAttorneyOptionSchema, litigationEventSchema } from '@casedesk/contract/calendar/litigation';
import { callListResponseSchema, callRowSchema } from '@casedesk/contract/calls/call';
import {
  collectionAccountAssignResultSchema,
  collectionAccountDetailSchema,
  collectionAccountListSchema,
  collectionAccountTotalsSchema,
  collectionStatusListSchema,
  collectorListSchema,
  timelineItemSchema,
  timelineSchema,
} from '@casedesk/contract/collections/account';
import { assignmentRuleListSchema, assignmentRuleSchema } from '@casedesk/contract/collections/assignment-rules';
import { collectionAccessSchema, collectionAccessUserSchema } from '@casedesk/contract/collections/collection-access';
import { contactRuleListSchema, contactRuleSchema } from '@casedesk/contract/collections/contact-rules';
import { contactRuleHistorySchema } from '@casedesk/contract/collections/contact-rule-history';
import { paymentPlanListSchema, paymentPlanSchema } from '@casedesk/contract/collections/payment-plan';
import { termListSchema } from '@casedesk/contract/collections/term';
import { outgoingCallNumberListSchema, smartDialOptionListSchema } from '@casedesk/contract/calls/click-to-call';
import { clientDetailSchema } from '@casedesk/contract/clients/client';
import { clientDetailsResponseSchema, clientLeadResponseSchema } from '@casedesk/contract/clients/client-details';
import { clientMergeResponseSchema } from '@casedesk/contract/clients/client-merge';
import { clientSearchResponseSchema } from '@casedesk/contract/clients/client-search';
import {
  allOfficesListSchema,
  dropdownOptionListSchema,
  officeOptionListSchema,
} from '@casedesk/contract/dropdowns/dropdown';
import { inquiryDetailSchema } from '@casedesk/contract/inquiries/inquiry';
import { attributionReportSchema, spendEntryResultSchema } from '@casedesk/contract/marketing/attribution';
import {
  trackingLineDetailSchema,
  trackingLineListSchema,
  trackingLineTypeCountsSchema,
  unresolvedDnisListSchema,
} from '@casedesk/contract/marketing/tracking-line';
import { intakeQuestionListSchema } from '@casedesk/contract/inquiries/intake-question';
import { leadListResponseSchema } from '@casedesk/contract/inquiries/lead-list';
import { inquiryDuplicateMatchListSchema } from '@casedesk/contract/matching/duplicate-check';
import { potentialConflictListSchema } from '@casedesk/contract/matching/potential-conflict';
import {
  clearNotificationsResponseSchema,
  notificationListSchema,
  notificationSchema,
  notificationTextMessagesResponseSchema,
} from '@casedesk/contract/notifications/notification';
import { officeDetailSchema, officeListResponseSchema } from '@casedesk/contract/offices/office';
import { officeAttorneySchema, officeStaffSchema } from '@casedesk/contract/offices/office-staff';
import { appointmentSummarySchema } from '@casedesk/contract/reports/appointment-summary';
import { callSummarySchema, chatCountSummarySchema } from '@casedesk/contract/reports/report';
import { reviewReportSchema } from '@casedesk/contract/reports/review-report';
import {
  simulatedCallResultSchema,
  simulatedSmsResultSchema,
  simulatedStatusResultSchema,
  simulatorStateSchema,
} from '@casedesk/contract/simulator/simulator';
import { cannedTextListSchema, cannedTextSchema } from '@casedesk/contract/sms/canned-text';
import { chatOptionResponseSchema } from '@casedesk/contract/sms/chat-option';
import {
  smsHistoryResponseSchema,
  smsListResponseSchema,
  smsMessageSchema,
  smsOfficeListSchema,
} from '@casedesk/contract/sms/sms';
import {
  managedTemplateListSchema,
  managedTemplateSchema,
  templateListSchema,
  templatePreviewSchema,
} from '@casedesk/contract/templates/template';
import {
  workflowDetailSchema,
  workflowListSchema,
  workflowRunListSchema,
  workflowTemplateOptionListSchema,
} from '@casedesk/contract/collections/workflow';
import {
  userByRoleListSchema,
  userDetailSchema,
  userDirectoryResponseSchema,
  userMinListSchema,
} from '@casedesk/contract/users/user';
import { photoUploadResponseSchema } from '@casedesk/contract/users/user-photo';

/**
 * Every endpoint the web app reads JSON from, as `METHOD /path`, with the contract schema of what the server
 * answers (the same schema the app's reader under api/ or features/<feature>/api/ types the answer with;
 * api-endpoints.test.ts holds the two the same).
 * `:name` stands for one path segment. A new reader adds its endpoint here.
 */
export const JSON_ENDPOINTS = {
  'GET /api/v1/accessControl/permissions': permissionListSchema,
  'GET /api/v1/accessControl/permissionTypes': lookupListSchema,
  'GET /api/v1/accessControl/relationTypes': lookupListSchema,
  'GET /api/v1/accessControl/conditionTypes': lookupListSchema,
  'GET /api/v1/accessControl/accessLevelTypes': lookupListSchema,
  'GET /api/v1/accessControl/conditionValues': lookupListSchema,
  'POST /api/v1/user/withAccessControl': userAccessListResponseSchema,
  'GET /api/v1/accessControl/user/:userId': userAccessDetailSchema,
  'PUT /api/v1/accessControl/user/:userId': userAccessDetailSchema,
  'GET /api/v1/accessControl/user/:userId/history': accessHistorySchema,
  'GET /api/v1/accessControl/accessAt': accessAtSchema,
  'GET /api/v1/accessControl/profiles': accessProfileListSchema,
  'POST /api/v1/accessControl/profile': accessProfileSchema,
  'PUT /api/v1/accessControl/profile': accessProfileSchema,
  'POST /api/v1/accessControl/profile/apply': applyProfileResultSchema,
  'POST /api/v1/user/syncWithAD': directorySyncResultSchema,
  'POST /api/v1/accessControl/explain': explainResponseSchema,
  'POST /api/v1/accessControl/whoCanSee': whoCanSeeResponseSchema,
  'GET /api/v1/accessControl/directoryGroups': directoryGroupListSchema,
  'PUT /api/v1/accessControl/directoryGroup': directoryGroupSchema,

  'GET /api/v1/collectionDashboard/mine': dashboardAccessSchema,
  'POST /api/v1/collectionDashboard/widget': dashboardSummarySchema,
  'POST /api/v1/collectionDashboard/byOffice': dashboardByOfficeSchema,
  'POST /api/v1/collectionDashboard/byCollector': dashboardByCollectorSchema,

  'POST /api/v1/dashboard/callCenter': dashboardSchema,
  'POST /api/v1/dashboard/office': dashboardSchema,
  'POST /api/v1/dashboard/corporate': dashboardSchema,
  'GET /api/v1/dashboard/mine': myDashboardsSchema,
  'POST /api/v1/dashboard/rows': drillRowsSchema,
  'POST /api/v1/collectionAccount/report': collectionReportSchema,

  'POST /api/v1/cashFlow/all': cashFlowListResponseSchema,
  'POST /api/v1/cashFlow/totals': cashFlowTotalsSchema,
  'POST /api/v1/cashFlow/payment': paymentDetailSchema,
  'POST /api/v1/cashFlow/deletePayment': paymentDetailSchema,
  'GET /api/v1/payment/:paymentId': paymentDetailSchema,
  'POST /api/v1/cashFlow/officeEnteredCashFlow': cashFlowListResponseSchema,
  'POST /api/v1/cashFlow/officeEnteredTotal': officeEnteredTotalSchema,
  'POST /api/v1/cashFlow/reconTable': reconTableSchema,
  'POST /api/v1/cashFlow/reconTotal': reconTotalSchema,
  'POST /api/v1/cashFlow/reconcile': reconRowSchema,
  'POST /api/v1/cashFlow/reopenRecon': reconRowSchema,
  'POST /api/v1/cashFlow/deposit': depositSchema,
  'POST /api/v1/trust/ledgers': trustLedgersResponseSchema,
  'GET /api/v1/trust/ledger/:inquiryId': trustLedgerSchema,
  'POST /api/v1/trust/disbursement': trustEntrySchema,
  'POST /api/v1/trust/reverseDisbursement': trustEntrySchema,
  'POST /api/v1/trust/threeWay': threeWaySchema,
  'POST /api/v1/trust/signThreeWay': threeWaySchema,
  'POST /api/v1/trust/reopenThreeWay': threeWaySchema,
  'GET /api/v1/cashFlow/report/:reportId': cashFlowReportStatusSchema,
  'GET /api/v1/cashFlow/accessControl': cashFlowAccessSchema,
  'PUT /api/v1/cashFlow/updateAccessControl': cashFlowAccessUserSchema,

  'POST /api/v1/mail/all': mailListResponseSchema,
  'GET /api/v1/mail/:id': mailDetailSchema,
  'POST /api/v1/mail/sendMail': mailDetailSchema,
  'POST /api/v1/mail/:id/retry': mailDetailSchema,
  'GET /api/v1/mail/transport': mailTransportSchema,
  'PUT /api/v1/mail/transport': mailTransportSchema,
  'POST /api/v1/mail/saveLetter': letterSchema,
  'POST /api/v1/mail/letter/all': letterListResponseSchema,
  'POST /api/v1/mail/letterBatch': letterBatchStatusSchema,
  'GET /api/v1/mail/letterBatch/:batchId': letterBatchStatusSchema,

  'PUT /api/v1/appointment': savedAppointmentSchema,
  'POST /api/v1/appointment/all': appointmentListResponseSchema,
  'POST /api/v1/appointment/set': appointmentListResponseSchema,
  'POST /api/v1/appointment/pi': appointmentListResponseSchema,
  'POST /api/v1/appointment/week': appointmentListResponseSchema,
  'POST /api/v1/appointment/weekdayTotals': weekdayTotalsSchema,
  'GET /api/v1/appointment/calendarEvents': z.array(calendarEventSchema),
  'GET /api/v1/appointment/info': appointmentRowSchema,
  'GET /api/v1/public/appointment-detail': publicAppointmentDetailSchema,

  'GET /api/v1/attorney/allSchedule': attorneyListResponseSchema,
  'GET /api/v1/attorney/availability': z.array(availabilityRecordSchema),
  'GET /api/v1/attorney/litigationCalendar': z.array(litigationEventSchema),
  'POST /api/v1/attorney/saveLitigationAttorney': attorneySummarySchema,
  'POST /api/v1/attorney/removeLitigationAttorney': attorneySummarySchema,
  'GET /api/v1/attorney/:attorneyId/availability': attorneyScheduleSchema,
  'PUT /api/v1/attorney/:attorneyId/availability': attorneyScheduleSchema,
  'POST /api/v1/holiday/all': z.array(holidaySchema),
  'POST /api/v1/holiday': holidaySchema,
  'PUT /api/v1/holiday/:id': holidaySchema,
  'DELETE /api/v1/holiday/:id': holidaySchema,

  'POST /api/v1/call/all': callListResponseSchema,
  'POST /api/v1/call/click2Call': callRowSchema,

  'GET /api/v1/collectionAccount': collectionAccountDetailSchema,
  'PATCH /api/v1/collectionAccount': collectionAccountDetailSchema,
  'POST /api/v1/collectionAccount/adjustment': collectionAccountDetailSchema,
  'POST /api/v1/collectionAccount/all': collectionAccountListSchema,
  'POST /api/v1/collectionAccount/allTotals': collectionAccountTotalsSchema,
  'POST /api/v1/collectionAccount/assign': collectionAccountAssignResultSchema,
  'POST /api/v1/collectionAccount/note': timelineItemSchema,
  'GET /api/v1/collectionAccount/roles': collectorListSchema,
  'POST /api/v1/collectionAccount/timeline': timelineSchema,
  'POST /api/v1/paymentPlan/change': paymentPlanSchema,
  'POST /api/v1/paymentPlan/create': paymentPlanSchema,
  'POST /api/v1/paymentPlan/list': paymentPlanListSchema,
  'POST /api/v1/paymentPlan/pause': paymentPlanSchema,
  'GET /api/v1/term': termListSchema,
  'GET /api/v1/collectionAccount/status': collectionStatusListSchema,
  'GET /api/v1/collectionContactRule': contactRuleListSchema,
  'PUT /api/v1/collectionContactRule': contactRuleSchema,
  'GET /api/v1/collectionContactRule/history': contactRuleHistorySchema,
  'GET /api/v1/collectionAssignmentRule': assignmentRuleListSchema,
  'PUT /api/v1/collectionAssignmentRule': assignmentRuleSchema,
  'GET /api/v1/collectionAccount/getAccessControl': collectionAccessSchema,
  'PUT /api/v1/collectionAccount/updateAccess': collectionAccessUserSchema,

  'GET /api/v1/client': clientDetailSchema,
  'PUT /api/v1/client': clientDetailSchema,
  'GET /api/v1/client/details': clientDetailsResponseSchema,
  'GET /api/v1/client/lead': clientLeadResponseSchema,
  'POST /api/v1/client/merge': clientMergeResponseSchema,
  'POST /api/v1/client/search': clientSearchResponseSchema,

  'POST /api/v1/dnis': trackingLineDetailSchema,
  'PUT /api/v1/dnis/:id': trackingLineDetailSchema,
  'PATCH /api/v1/dnis/:id/deactivate': trackingLineDetailSchema,
  'POST /api/v1/dnis/all': trackingLineListSchema,
  'POST /api/v1/dnis/attribution': attributionReportSchema,
  'PUT /api/v1/dnis/spend': spendEntryResultSchema,
  'GET /api/v1/dnis/typeCounts': trackingLineTypeCountsSchema,
  'POST /api/v1/dnis/unresolved': unresolvedDnisListSchema,

  'POST /api/v1/dropdown/active': dropdownOptionListSchema,
  'GET /api/v1/dropdown/allOffices': allOfficesListSchema,
  'GET /api/v1/dropdown/litigationAttorneys': z.array(litigationAttorneyOptionSchema),
  'GET /api/v1/dropdown/office': officeOptionListSchema,
  'GET /api/v1/dropdown/outgoingCallNumbers': outgoingCallNumberListSchema,
  'GET /api/v1/dropdown/smartDial': smartDialOptionListSchema,
  'GET /api/v1/dropdown/smsOffice': smsOfficeListSchema,

  'GET /api/v1/draft': draftSchema,
  'PUT /api/v1/draft': draftSchema,
  'DELETE /api/v1/draft': draftSchema,
  'POST /api/v1/draft/all': draftListResponseSchema,
  'POST /api/v1/draft/approve': draftSchema,
  'POST /api/v1/draft/send': draftSchema,
  'POST /api/v1/draft/print': draftSchema,

  'GET /api/v1/inquiry': inquiryDetailSchema,
  'POST /api/v1/inquiry': inquiryDetailSchema,
  'PATCH /api/v1/inquiry': inquiryDetailSchema,
  'POST /api/v1/inquiry/all': leadListResponseSchema,
  'POST /api/v1/inquiry/duplicate': inquiryDuplicateMatchListSchema,
  'POST /api/v1/inquiry/potentialConflicts': potentialConflictListSchema,
  'GET /api/v1/inquiry/resetClient': inquiryDetailSchema,
  'GET /api/v1/intake/questions': intakeQuestionListSchema,

  'POST /api/v1/office': officeDetailSchema,
  'POST /api/v1/office/all': officeListResponseSchema,
  'GET /api/v1/office/:officeId': officeDetailSchema,
  'PUT /api/v1/office/:officeId': officeDetailSchema,
  'PUT /api/v1/office/:officeId/attorney': officeAttorneySchema,
  'GET /api/v1/office/:officeId/staff': officeStaffSchema,
  'PUT /api/v1/office/:officeId/status': officeDetailSchema,

  'GET /api/v1/notification/all': notificationListSchema,
  'PUT /api/v1/notification/clearAll': clearNotificationsResponseSchema,
  'PUT /api/v1/notification/markRead': notificationSchema,
  'POST /api/v1/notification/textMessages': notificationTextMessagesResponseSchema,

  'POST /api/v1/reports/callSummary': callSummarySchema,
  'POST /api/v1/reports/chatCountSummary': chatCountSummarySchema,
  'POST /api/v1/reports/appointmentSummary': appointmentSummarySchema,
  'POST /api/v1/reports/review': reviewReportSchema,

  'GET /api/v1/simulator': simulatorStateSchema,
  'POST /api/v1/simulator/call': simulatedCallResultSchema,
  'POST /api/v1/simulator/sms': simulatedSmsResultSchema,
  'POST /api/v1/simulator/status': simulatedStatusResultSchema,

  'PUT /api/v1/sms': smsMessageSchema,
  'POST /api/v1/sms/all': smsListResponseSchema,
  'POST /api/v1/sms/byId': smsMessageSchema,
  'POST /api/v1/sms/byPhoneNumber': smsHistoryResponseSchema,
  'GET /api/v1/sms/cannedResponses': cannedTextListSchema,
  'POST /api/v1/sms/cannedResponses': cannedTextSchema,
  'POST /api/v1/sms/chatOption': chatOptionResponseSchema,
  'POST /api/v1/sms/retry': smsMessageSchema,
  'POST /api/v1/sms/send': smsMessageSchema,
  'GET /api/v1/template/byTemplateType': templateListSchema,
  'GET /api/v1/template/manage': managedTemplateListSchema,
  'POST /api/v1/template': managedTemplateSchema,
  'PUT /api/v1/template': managedTemplateSchema,
  'PUT /api/v1/template/active': managedTemplateSchema,
  'POST /api/v1/template/preview': templatePreviewSchema,

  'GET /api/v1/user': userDetailSchema,
  'PUT /api/v1/user': userDetailSchema,
  'PUT /api/v1/user/updateDashboard': userDetailSchema,
  'POST /api/v1/user/directory': userDirectoryResponseSchema,
  'GET /api/v1/user/min': userMinListSchema,
  'GET /api/v1/user/role': userByRoleListSchema,
  'POST /api/v1/user/upload': photoUploadResponseSchema,

  'GET /api/v1/workflow': workflowListSchema,
  'POST /api/v1/workflow': workflowDetailSchema,
  'PUT /api/v1/workflow': workflowDetailSchema,
  'GET /api/v1/workflow/:id': workflowDetailSchema,
  'POST /api/v1/workflow/deactivate': workflowDetailSchema,
  'POST /api/v1/workflow/runs': workflowRunListSchema,
  'GET /api/v1/workflow/templates': workflowTemplateOptionListSchema,
} as const satisfies Record<string, z.ZodType>;

/** The downloads (lib/download-file.ts): the server answers a file, not JSON. */
export const FILE_ENDPOINTS = [
  'POST /api/v1/appointment/export',
  'POST /api/v1/call/export',
  'POST /api/v1/cashFlow/export',
  'POST /api/v1/cashFlow/report',
  'GET /api/v1/cashFlow/report/:reportId/file',
  'POST /api/v1/client/export',
  'POST /api/v1/collectionAccount/export',
  'POST /api/v1/collectionAccount/report/export',
  'POST /api/v1/dashboard/rows/export',
  'POST /api/v1/inquiry/export',
  'POST /api/v1/inquiry/exportToPdf',
  'GET /api/v1/payment/:paymentId/receipt',
  'GET /api/v1/draft/:id/attachment/:attachmentId',
  'GET /api/v1/mail/:id/attachment/:attachmentId',
  'GET /api/v1/mail/:id/captured/:attachmentId',
  'GET /api/v1/mail/letter/:id/file',
  'POST /api/v1/reports/:report/export',
] as const;

/** Downloads that may answer 202 with JSON instead (a file built in the background), and the schema of that. */
export const ACCEPTED_ENDPOINTS = {
  'POST /api/v1/cashFlow/report': cashFlowReportQueuedSchema,
} as const satisfies Partial<Record<(typeof FILE_ENDPOINTS)[number], z.ZodType>>;

export type JsonEndpoint = keyof typeof JSON_ENDPOINTS;
export type FileEndpoint = (typeof FILE_ENDPOINTS)[number];
export type Endpoint = JsonEndpoint | FileEndpoint;
