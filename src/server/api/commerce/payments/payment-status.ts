/** Payment states of an order and of each provider transaction (spec 3.2). */
export const PAYMENT_STATUSES = ['new', 'pending', 'completed', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a provider can report; `new` is only ever the starting state. */
export type PaymentOutcome = Exclude<PaymentStatus, 'new'>;
export const PAYMENT_OUTCOMES = ['pending', 'completed', 'failed', 'canceled'] as const satisfies readonly PaymentOutcome[];

const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  new: ['pending', 'completed', 'failed', 'canceled'],
  pending: ['completed', 'failed', 'canceled'],
  completed: [],
  failed: [],
  canceled: [],
};

/** The state machine only moves forward: a late or replayed report never undoes a final state. */
export function canMoveTo(from: string, to: string): boolean {
  return (NEXT[from as PaymentStatus] ?? []).includes(to as PaymentStatus);
}
