import type { APIRoute } from 'astro';
import { liveness } from '../server/liveness';
import { getRuntime } from '../server/runtime';

export const prerender = false;

export const GET: APIRoute = () => liveness(getRuntime);
