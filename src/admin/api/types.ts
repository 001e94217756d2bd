/**
 * Shapes of the admin API's answers, from the shared contract (src/contract/admin) the server validates with.
 */
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
  OrderState,
  Staff,
} from '../../contract/admin';

export type { CustomerDetail, Dashboard, OrderDetail, OrderState, Staff };
export type Page<T> = ListAnswer<T>;
export type OrderRow = OrderListItem;
export type ReviewRow = AdminReview;
export type CommentRow = AdminComment;
export type LeadRow = AdminLead;
export type CustomerRow = CustomerListItem;
export type AuditRow = AuditEntry;
