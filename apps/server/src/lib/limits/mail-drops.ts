/** A mail the budgets kept from being sent: what it was for, which budget was spent, and whether anyone was told. */
export interface MailNotSent {
  purpose: string;
  budget: 'store' | 'recipient' | 'organization';
  /** refused: the request was answered 429; dropped: the mail was due after the answer had gone. */
  outcome: 'refused' | 'dropped';
}

/**
 * Every mail a budget stopped, logged when it happens and counted for GET /metrics
 * (`store_mail_not_sent_total`): a spent budget is never silent.
 */
export function createMailDrops(log: (line: MailNotSent, message: string) => void) {
  const counts = new Map<string, { labels: MailNotSent; count: number }>();
  return {
    record(labels: MailNotSent): void {
      const key = `${labels.purpose}|${labels.budget}|${labels.outcome}`;
      const entry = counts.get(key) ?? { labels, count: 0 };
      entry.count++;
      counts.set(key, entry);
      log(labels, `mail not sent: its ${labels.budget} budget is spent`);
    },
    counts: () => [...counts.values()],
  };
}

export type MailDrops = ReturnType<typeof createMailDrops>;
