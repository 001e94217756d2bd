/** Shapes of the back office API for settings: see src/contract/admin/common.ts for the shared ones. */
export {};
