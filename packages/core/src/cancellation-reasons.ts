import { z } from 'zod/mini';

// Why a customer cancels (docs/decisions/035): asked after the typed name, never required, so the
// spec's Cancel Subscription (§5) works as before for a caller that sends nothing.

export const CANCELLATION_REASONS = [
  'too-expensive',
  'missing-feature',
  'switched-product',
  'no-longer-needed',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  'too-expensive': 'Too expensive',
  'missing-feature': 'Missing a feature',
  'switched-product': 'Switched to another product',
  'no-longer-needed': 'No longer needed',
  other: 'Other',
};

/** Long enough for a few sentences; a survey answer, not a support ticket. */
export const CANCELLATION_COMMENT_MAX = 500;

export const CancellationReasonMessages = {
  unknownReason: `reason must be one of ${CANCELLATION_REASONS.join(', ')}`,
  commentTooLong: `Tell us why in ${CANCELLATION_COMMENT_MAX} characters or fewer.`,
  commentNotText: 'comment must be text',
  noReason: 'No reason given',
} as const;

/**
 * DELETE /api/subscription/{id}'s optional body: a reason from the list and free text. A body that
 * is absent or empty cancels as before; unknown fields are refused, as everywhere (decision 023).
 */
export const CancelSubscriptionBodySchema = z.strictObject({
  reason: z.optional(z.enum(CANCELLATION_REASONS, { error: CancellationReasonMessages.unknownReason })),
  comment: z.optional(
    z
      .string({ error: CancellationReasonMessages.commentNotText })
      .check(z.maxLength(CANCELLATION_COMMENT_MAX, CancellationReasonMessages.commentTooLong)),
  ),
});
export type CancelSubscriptionBody = z.infer<typeof CancelSubscriptionBodySchema>;

/**
 * The Cancel Subscription dialog: the typed name (spec §5: any text; a mismatch does nothing), then
 * why, '' while no reason is chosen.
 */
export const CancelSubscriptionFormSchema = z.object({
  typed: z.string(),
  reason: z.union([z.literal(''), z.enum(CANCELLATION_REASONS)]),
  comment: z.string().check(z.maxLength(CANCELLATION_COMMENT_MAX, CancellationReasonMessages.commentTooLong)),
});
export type CancelSubscriptionForm = z.infer<typeof CancelSubscriptionFormSchema>;

/** What is kept of an answer: the reason, and the text trimmed (blank is none). */
export interface CancellationAnswer {
  reason: CancellationReason | null;
  comment: string | null;
}

/**
 * The one reading of an answer, on the server and in the dialog: blank text is no text, and text
 * without a chosen reason counts as 'other' (someone who only wrote did give a reason).
 */
export function cancellationAnswerOf(
  body: { reason?: CancellationReason | ''; comment?: string } | undefined,
): CancellationAnswer {
  const comment = body?.comment?.trim() || null;
  const chosen = body?.reason || null;
  return { reason: chosen ?? (comment ? 'other' : null), comment };
}

/** What the dialog sends: nothing when nothing was said, so the call is the spec's bare DELETE. */
export function cancelBodyOf(
  form: Pick<CancelSubscriptionForm, 'reason' | 'comment'>,
): CancelSubscriptionBody | undefined {
  const { reason, comment } = cancellationAnswerOf(form);
  if (!reason) return undefined;
  return comment ? { reason, comment } : { reason };
}

/** A reason in words; none ('none' in the console's report) reads 'No reason given'. */
export const cancellationReasonText = (reason: CancellationReason | 'none' | null): string =>
  reason && reason !== 'none' ? CANCELLATION_REASON_LABELS[reason] : CancellationReasonMessages.noReason;
