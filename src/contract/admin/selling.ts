/** Shapes of the back office API for selling: see src/contract/admin/common.ts for the shared ones. */
export {};
