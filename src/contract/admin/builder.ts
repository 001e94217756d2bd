/** Shapes of the back office API for builder: see src/contract/admin/common.ts for the shared ones. */
export {};
