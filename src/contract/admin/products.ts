/** Shapes of the back office API for products: see src/contract/admin/common.ts for the shared ones. */
export {};
