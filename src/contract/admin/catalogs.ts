/** Shapes of the back office API for catalogs: see src/contract/admin/common.ts for the shared ones. */
export {};
