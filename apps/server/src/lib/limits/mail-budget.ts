import { ThrottleMessages } from '@store/core';
import type { Limits } from './limits';
import { consumeOrRefuse, consumeWithin } from './refuse';

/**
 * The mail budgets (DESIGN.md §4): whatever sends mail spends one from the store's hourly budget and,
 * when an organization's admin caused it, from that organization's. Spent before the work is saved,
 * so a refused request changes nothing.
 */
export function createMailBudget(limits: Limits) {
  return {
    /** Refuses with 429 once a budget is spent. */
    async spend(organizationId: number | null): Promise<void> {
      if (organizationId !== null) {
        await consumeOrRefuse(
          limits.mail.perOrganization,
          String(organizationId),
          ThrottleMessages.organizationMailBudgetSpent,
        );
      }
      await consumeOrRefuse(limits.mail.global, 'store', ThrottleMessages.mailBudgetSpent);
    },
    /** For mail sent after the answer has gone (password reset): false when the budget is spent. */
    spendQuietly: (): Promise<boolean> => consumeWithin(limits.mail.global, 'store'),
  };
}

export type MailBudget = ReturnType<typeof createMailBudget>;
