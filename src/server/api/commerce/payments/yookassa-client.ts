import { ProviderError } from './provider';

/**
 * A small client of ЮKassa's API v3 over fetch (the unofficial npm SDKs hard-code the API address, so they cannot be
 * pointed at a test double): Basic auth with the shop id and secret key, an `Idempotence-Key` on every POST, and one
 * retry of a POST that got no answer or a 5xx, with the same key (ЮKassa answers the first result again).
 */

export type YookassaAmount = { value: string; currency: string };

/** The parts of ЮKassa's payment object the shop reads. */
export type YookassaPayment = {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: YookassaAmount;
  confirmation?: { type: string; confirmation_url?: string };
  metadata?: Record<string, string>;
  cancellation_details?: { party: string; reason: string };
  test?: boolean;
};

export type YookassaRefund = {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: YookassaAmount;
  cancellation_details?: { party: string; reason: string };
};

export type YookassaCredentials = { baseUrl: string; shopId: string; secretKey: string };

const TIMEOUT_MS = 20_000;

async function send(credentials: YookassaCredentials, method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string) {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${credentials.shopId}:${credentials.secretKey}`).toString('base64')}`,
    accept: 'application/json',
  };
  if (method === 'POST') {
    headers['content-type'] = 'application/json';
    headers['idempotence-key'] = idempotenceKey!;
  }
  return fetch(`${credentials.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

async function request<T>(
  credentials: YookassaCredentials,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  idempotenceKey?: string,
): Promise<T> {
  if (!credentials.shopId || !credentials.secretKey) throw new ProviderError('ЮKassa is not set up: enter the shop id and secret key');
  let response: Response;
  try {
    response = await send(credentials, method, path, body, idempotenceKey);
    if (response.status >= 500) response = await send(credentials, method, path, body, idempotenceKey);
  } catch {
    // no answer: the same key makes the retry safe
    response = await send(credentials, method, path, body, idempotenceKey).catch((error: unknown) => {
      throw new ProviderError(`ЮKassa did not answer: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  if (!response.ok) {
    const description = (json as { description?: string } | null)?.description ?? `HTTP ${response.status}`;
    throw new ProviderError(`ЮKassa: ${description}`, response.status);
  }
  return json as T;
}

export function yookassaClient(credentials: YookassaCredentials) {
  const id = (value: string) => encodeURIComponent(value);
  return {
    createPayment: (body: Record<string, unknown>, key: string) => request<YookassaPayment>(credentials, 'POST', '/payments', body, key),
    getPayment: (paymentId: string) => request<YookassaPayment>(credentials, 'GET', `/payments/${id(paymentId)}`),
    capturePayment: (paymentId: string, body: Record<string, unknown>, key: string) =>
      request<YookassaPayment>(credentials, 'POST', `/payments/${id(paymentId)}/capture`, body, key),
    cancelPayment: (paymentId: string, key: string) =>
      request<YookassaPayment>(credentials, 'POST', `/payments/${id(paymentId)}/cancel`, {}, key),
    createRefund: (body: Record<string, unknown>, key: string) => request<YookassaRefund>(credentials, 'POST', '/refunds', body, key),
    getRefund: (refundId: string) => request<YookassaRefund>(credentials, 'GET', `/refunds/${id(refundId)}`),
  };
}
