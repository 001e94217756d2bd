/**
 * Which customer record a buyer is: by the signed-in account first, then the e-mail, then the phone. A record found
 * by phone is taken only when it cannot belong to someone else: it has no other e-mail and no other account.
 * Framework-free; the order placement and registration apply it.
 */

export type CustomerContact = { userId: string | null; email: string | null; phone: string | null };
export type CustomerCandidate = { id: string; userId: string | null; email: string | null; phoneKey: string | null; createdAt: Date };

/** Lower-cased, trimmed e-mail, or null when empty. */
export const normalEmail = (email: string | null | undefined): string | null => (email ?? '').trim().toLowerCase() || null;

/** The phone's digits, or null when it has none. */
export const phoneKey = (phone: string | null | undefined): string | null => (phone ?? '').replace(/\D/g, '') || null;

const oldestFirst = (a: CustomerCandidate, b: CustomerCandidate) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1);

/** The customer `contact` is among `candidates` (those sharing its account, e-mail or phone), or null for a new one. */
export function matchCustomer(contact: CustomerContact, candidates: CustomerCandidate[]): CustomerCandidate | null {
  const email = normalEmail(contact.email);
  const phone = phoneKey(contact.phone);
  const sorted = [...candidates].sort(oldestFirst);
  if (contact.userId) {
    const byAccount = sorted.find((c) => c.userId === contact.userId);
    if (byAccount) return byAccount;
  }
  const accountFits = (c: CustomerCandidate) => !c.userId || !contact.userId || c.userId === contact.userId;
  if (email) {
    const byEmail = sorted.find((c) => c.email === email);
    if (byEmail && accountFits(byEmail)) return byEmail;
    if (byEmail) return null;
  }
  if (phone) return sorted.find((c) => c.phoneKey === phone && (!c.email || !email || c.email === email) && accountFits(c)) ?? null;
  return null;
}

/**
 * What a linked record takes from the buyer: the contacts it lacks (an e-mail only when no other record has it), the
 * latest name, the account when it has none. Answers only the fields that change.
 */
export function customerUpdate(
  record: { userId: string | null; email: string | null; phone: string | null; name: string; lastName: string },
  buyer: { userId: string | null; email: string | null; phone: string | null; name: string; lastName: string | null },
  emailTakenElsewhere: boolean,
): Partial<{ userId: string; email: string; phone: string; phoneKey: string; name: string; lastName: string }> {
  const change: ReturnType<typeof customerUpdate> = {};
  const email = normalEmail(buyer.email);
  if (!record.userId && buyer.userId) change.userId = buyer.userId;
  if (!record.email && email && !emailTakenElsewhere) change.email = email;
  const phone = buyer.phone?.trim();
  if (phone && phoneKey(phone) && phone !== record.phone) {
    change.phone = phone;
    change.phoneKey = phoneKey(phone)!;
  }
  if (buyer.name.trim() && buyer.name.trim() !== record.name) change.name = buyer.name.trim();
  const lastName = buyer.lastName?.trim() ?? '';
  if (lastName && lastName !== record.lastName) change.lastName = lastName;
  return change;
}

/** A customer's tags as stored: trimmed, without repeats (ignoring case), in the order given. */
export function customerTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    kept.push(tag);
  }
  return kept;
}
