import { z } from 'zod';
import { permissionEditSchema } from '../access/access-admin.ts';
import { reasonSchema } from '../access/access-admin.ts';
import { type Permission, permissionListSchema } from '../access/permission-schemas.ts';
import { ROLES } from '../users/user.ts';
import { PAYMENT_TYPE_LABELS, PAYMENT_TYPES } from './payment.ts';

/**
 * Cash-flow management (/accounting/cash-flow-management, SPEC §7 accessControl and updateAccessControl): who
 * may see, enter, reconcile and manage cash flow for which offices, as permissions of the ordinary engine.
 */
export const CASH_FLOW_PERMISSION_TYPES = ['CASH_FLOW', 'CASH_FLOW_RECON', 'CASH_FLOW_MANAGEMENT'] as const;
export type CashFlowPermissionType = (typeof CASH_FLOW_PERMISSION_TYPES)[number];

export const CASH_FLOW_ACCESS_MESSAGES = {
  onlyCashFlow: `Only ${CASH_FLOW_PERMISSION_TYPES.join(', ')} can be changed here.`,
} as const;

const isCashFlowType = (type: string): type is CashFlowPermissionType =>
  (CASH_FLOW_PERMISSION_TYPES as readonly string[]).includes(type);

/** The cash-flow part of a user's permissions. */
export function cashFlowPermissionsOf(permissions: readonly Permission[]): Permission[] {
  return permissions.filter((p) => isCashFlowType(p.permissionType));
}

/** A user's permissions with the cash-flow part replaced, the rest kept as it was. */
export function withCashFlowPermissions(permissions: readonly Permission[], cashFlow: readonly Permission[]) {
  return [...permissions.filter((p) => !isCashFlowType(p.permissionType)), ...cashFlow];
}

export const cashFlowAccessUserSchema = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  mail: z.string(),
  role: z.enum(ROLES),
  officeId: z.uuid().nullable(),
  officeName: z.string().nullable(),
  accountEnabled: z.boolean(),
  /** Only CASH_FLOW, CASH_FLOW_RECON and CASH_FLOW_MANAGEMENT. */
  permissions: permissionListSchema,
});
export type CashFlowAccessUser = z.infer<typeof cashFlowAccessUserSchema>;

/** GET /api/v1/cashFlow/accessControl: the users the caller manages and the lists the screen offers. */
export const cashFlowAccessSchema = z.object({
  users: z.array(cashFlowAccessUserSchema),
  paymentTypes: z.array(z.object({ value: z.enum(PAYMENT_TYPES), label: z.string() })),
});
export type CashFlowAccess = z.infer<typeof cashFlowAccessSchema>;

export const PAYMENT_TYPE_OPTIONS = PAYMENT_TYPES.map((value) => ({ value, label: PAYMENT_TYPE_LABELS[value] }));

export const cashFlowAccessQuerySchema = z.object({ userId: z.uuid() }).strict();

/** PUT /api/v1/cashFlow/updateAccessControl?userId=…: the user's whole cash-flow part, with the reason. */
export const cashFlowAccessChangeSchema = z
  .object({
    permissions: permissionEditSchema.refine(
      (list) => list.every((p) => isCashFlowType(p.permissionType)),
      CASH_FLOW_ACCESS_MESSAGES.onlyCashFlow,
    ),
    reason: reasonSchema,
  })
  .strict();
export type CashFlowAccessChange = z.infer<typeof cashFlowAccessChangeSchema>;
