import { ThrottleMessages } from '@store/core';
import type { Limits } from './limits';
import type { MailNotSent } from './mail-drops';
import { type Consumer, consumeOrRefuse, consumeWithin } from './refuse';

/** Why a mail is sent; each purpose has budgets of its own. */
export type MailPurpose = 'registration' | 'password-reset' | 'new-user' | 'address-change';

/**
 * The mail budgets (docs/design.md §4, decision 013). Each purpose is budgeted apart, per recipient and
 * store-wide, so spending one budget never stops another person's mail: a party that registers
 * without end spends the registrations' budget, and someone who asks resets for an address spends
 * that address's reset budget alone. A password reset has no store-wide budget: it only goes to an
 * address that has an account, at most a few an hour each, so no one can use it to stop another's.
 * Mail an organization's admin causes also spends that organization's budget. Spent before the work
 * is saved, so a refused request changes nothing; whatever a budget stops is logged and counted.
 */
export function createMailBudget(limits: Limits) {
  const { mail } = limits;
  const storeWide: Record<MailPurpose, Consumer | null> = {
    registration: mail.registrations,
    'new-user': mail.newUsers,
    'address-change': mail.addressChanges,
    'password-reset': null,
  };
  const budgets = (purpose: MailPurpose, recipient: string, organizationId: number | null) => {
    const list: { budget: MailNotSent['budget']; limit: Consumer; key: string; message: string }[] = [];
    if (organizationId !== null)
      list.push({
        budget: 'organization',
        limit: mail.perOrganization,
        key: String(organizationId),
        message: ThrottleMessages.organizationMailBudgetSpent,
      });
    list.push({
      budget: 'recipient',
      limit: mail.perRecipient,
      key: `${purpose}:${recipient.trim().toLowerCase()}`,
      message: ThrottleMessages.mailBudgetSpent,
    });
    const store = storeWide[purpose];
    if (store)
      list.push({ budget: 'store', limit: store, key: purpose, message: ThrottleMessages.mailBudgetSpent });
    return list;
  };
  return {
    /** Refuses with 429 once a budget is spent. */
    async spend(
      purpose: MailPurpose,
      recipient: string,
      organizationId: number | null = null,
    ): Promise<void> {
      for (const { budget, limit, key, message } of budgets(purpose, recipient, organizationId)) {
        try {
          await consumeOrRefuse(limit, key, message);
        } catch (error) {
          mail.drops.record({ purpose, budget, outcome: 'refused' });
          throw error;
        }
      }
    },
    /** For mail sent after the answer has gone (password reset): false when a budget is spent. */
    async spendQuietly(purpose: MailPurpose, recipient: string): Promise<boolean> {
      for (const { budget, limit, key } of budgets(purpose, recipient, null)) {
        if (!(await consumeWithin(limit, key))) {
          mail.drops.record({ purpose, budget, outcome: 'dropped' });
          return false;
        }
      }
      return true;
    },
  };
}

export type MailBudget = ReturnType<typeof createMailBudget>;
