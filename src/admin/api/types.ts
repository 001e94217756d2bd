/**
 * Shapes of the admin API's answers, from the shared contract (src/contract/admin) the server validates with.
 */
import type { z } from 'zod';
import type {
  AdminComment,
  AdminLead,
  AdminReview,
  AuditEntry,
  CustomerDetail,
  CustomerListItem,
  Dashboard,
  ListAnswer,
  OrderDetail,
  OrderListItem,
  OrderNote,
  OrderState,
  Staff,
  StaffRole,
} from '../../contract/admin';

export type { AuditEntry, CustomerDetail, Dashboard, OrderDetail, OrderNote, OrderState, Staff, StaffRole as Role };
export type Page<T> = ListAnswer<T>;
export type OrderRow = OrderListItem;
export type ReviewRow = AdminReview;
export type CommentRow = AdminComment;
export type LeadRow = AdminLead;
export type CustomerRow = CustomerListItem;
export type AuditRow = AuditEntry;
export type Schema<T extends z.ZodType> = z.infer<T>;
