import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import { getRuntime } from '../server/runtime';

export const prerender = false;

/** Liveness check for load balancers: answers 200 once the database answers. */
export const GET: APIRoute = async () => {
  try {
    const { deps } = await getRuntime();
    await deps.db.execute(sql`select 1`);
    return Response.json({ status: 'ok' });
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503 });
  }
};
