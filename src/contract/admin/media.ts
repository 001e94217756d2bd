/** Shapes of the back office API for media: see src/contract/admin/common.ts for the shared ones. */
export {};
