/** Shapes of the back office API for content: see src/contract/admin/common.ts for the shared ones. */
export {};
