import { sql } from 'drizzle-orm';
import type { Runtime } from './runtime';

/** Liveness check for load balancers: 200 once the database answers, 503 while it does not (never hangs past the connect timeout). */
export async function liveness(getRuntime: () => Promise<Runtime>): Promise<Response> {
  const headers = { 'cache-control': 'no-store' };
  try {
    const { deps } = await getRuntime();
    await deps.db.execute(sql`select 1`);
    return Response.json({ status: 'ok' }, { headers });
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503, headers });
  }
}
