/** Shapes of the back office API for staff: see src/contract/admin/common.ts for the shared ones. */
export {};
