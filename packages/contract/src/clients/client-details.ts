import { z } from 'zod';
import { clientDetailSchema } from './client.ts';

const direction = z.enum(['INBOUND', 'OUTBOUND']);

export const clientCallSchema = z.object({
  id: z.string().uuid(),
  direction,
  durationInSeconds: z.number().int().nullable(),
  callStartTime: z.string(),
  callerId: z.string().nullable(),
  numberDialed: z.string().nullable(),
  inquiryId: z.string().uuid().nullable(),
  operatorName: z.string().nullable(),
});
export type ClientCall = z.infer<typeof clientCallSchema>;

export const clientSmsSchema = z.object({
  id: z.string().uuid(),
  direction,
  fromNumber: z.string(),
  toNumber: z.string(),
  body: z.string(),
  operatorName: z.string().nullable(),
  inquiryId: z.string().uuid().nullable(),
  createdDate: z.string(),
});
export type ClientSms = z.infer<typeof clientSmsSchema>;

export const clientInquirySchema = z.object({
  id: z.string().uuid(),
  lawType: z.string().nullable(),
  caseDescription: z.string().nullable(),
  source: z.string().nullable(),
  leadOwnerName: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientInquiry = z.infer<typeof clientInquirySchema>;

/** SPEC §3/§4: each appointment carries isActive; the tab splits active and deleted. Filled by the appointments issue. */
export const clientAppointmentSchema = z.object({
  id: z.string().uuid(),
  appointmentDateTime: z.string(),
  appointmentType: z.string().nullable(),
  lawType: z.string().nullable(),
  stage: z.string().nullable(),
  apptStatus: z.string().nullable(),
  isActive: z.boolean(),
});
export type ClientAppointment = z.infer<typeof clientAppointmentSchema>;

/** A payment of the client (fees and cost together), as the cash flow shows it: reversed pairs left out. */
export const clientPaymentSchema = z.object({
  id: z.string().uuid(),
  paymentDate: z.string(),
  paymentType: z.string().nullable(),
  office: z.string(),
  amountCents: z.number().int(),
  receiptNumber: z.string().nullable(),
  /** The client's whole ledger: a reversed entry and its reversal are listed too, and say so. */
  status: z.enum(['ENTERED', 'REVERSED', 'REVERSAL']),
});
export type ClientPayment = z.infer<typeof clientPaymentSchema>;

/**
 * GET /api/v1/client/details?clientId=… (SPEC §3 Client detail). Each list holds only the records the
 * caller's own permission for that kind reaches, with its conditions (SPEC §6): texts by SMS READ,
 * calls by CALLS READ, inquiries by LEADS READ, appointments by the appointment lists, payments by CASH_FLOW READ. A list the caller
 * may not read at all is left out, so the screen hides its tab instead of showing it empty.
 */
export const clientDetailsResponseSchema = z.object({
  profile: clientDetailSchema,
  address: z.object({
    streetAddress: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    county: z.string().nullable(),
    country: z.string().nullable(),
    address: z.string().nullable(),
  }),
  image: z.object({ imageUrl: z.string().nullable() }),
  calls: z.array(clientCallSchema).optional(),
  appointments: z.array(clientAppointmentSchema).optional(),
  payments: z.array(clientPaymentSchema).optional(),
  sms: z.array(clientSmsSchema).optional(),
  inquiries: z.array(clientInquirySchema).optional(),
});
export type ClientDetailsResponse = z.infer<typeof clientDetailsResponseSchema>;

/**
 * GET /api/v1/client/lead?clientId=…: the newest inquiry the caller's LEADS READ reaches, to "open lead";
 * null when there is none, both left out when the caller may not read leads at all.
 */
export const clientLeadResponseSchema = z.object({
  inquiryId: z.string().uuid().nullable().optional(),
  inquiry: clientInquirySchema.nullable().optional(),
});
export type ClientLeadResponse = z.infer<typeof clientLeadResponseSchema>;
