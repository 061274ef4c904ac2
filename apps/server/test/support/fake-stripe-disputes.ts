type Json = Record<string, unknown>;

type Answer = { status: number; body: Json };

const DAY_SECONDS = 86_400;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Stripe's id of the charge a PaymentIntent made (the fake names them alike, as fake-stripe-refunds does). */
const chargeOf = (intentId: string) => intentId.replace(/^pi_/, 'ch_');

/**
 * Disputes in the fake of Stripe's API, shaped as Stripe's Dispute object is: a cardholder's bank
 * opens one against a PaymentIntent's charge (a chargeback, or an inquiry with a warning_ status),
 * with its evidence deadline in evidence_details.due_by; GET /v1/disputes and /v1/disputes/{id}
 * answer it. As Stripe does, a charge under a chargeback is not refundable (charge_disputed), while
 * one under an inquiry still is. The test sends the charge.dispute.* events with these objects.
 */
export function fakeStripeDisputes(intents: Json[], nextId: (prefix: string) => string) {
  const disputes: Json[] = [];

  /** The dispute a bank opens against the charge of a PaymentIntent. */
  function open(
    paymentIntentId: string,
    opts: {
      reason?: string;
      status?: string;
      amountCents?: number;
      created?: Date;
      /** The evidence deadline; null when the bank allows no answer (Stripe then sends 0). */
      dueBy?: Date | null;
    } = {},
  ): Json {
    const intent = intents.find((i) => i.id === paymentIntentId);
    if (!intent) throw new Error(`fake Stripe: no PaymentIntent ${paymentIntentId} to dispute`);
    const status = opts.status ?? 'needs_response';
    const created = seconds(opts.created ?? new Date());
    const dueBy = opts.dueBy === undefined ? created + 7 * DAY_SECONDS : opts.dueBy ? seconds(opts.dueBy) : 0;
    const inquiry = status.startsWith('warning_');
    const dispute: Json = {
      id: nextId('dp'),
      object: 'dispute',
      amount: opts.amountCents ?? Number(intent.amount),
      balance_transactions: [],
      charge: chargeOf(String(intent.id)),
      created,
      currency: intent.currency ?? 'usd',
      enhanced_eligibility_types: [],
      evidence: {
        access_activity_log: null,
        billing_address: null,
        cancellation_policy: null,
        customer_communication: null,
        customer_email_address: null,
        product_description: null,
        receipt: null,
        refund_policy: null,
        service_date: null,
        uncategorized_text: null,
      },
      evidence_details: {
        due_by: dueBy,
        enhanced_eligibility: {},
        has_evidence: false,
        past_due: false,
        submission_count: 0,
        submission_method: 'not_submitted',
      },
      is_charge_refundable: inquiry,
      livemode: false,
      metadata: {},
      network_reason_code: null,
      payment_intent: intent.id,
      payment_method_details: {
        card: { brand: 'visa', case_type: inquiry ? 'inquiry' : 'chargeback', network_reason_code: '10.4' },
        type: 'card',
      },
      reason: opts.reason ?? 'fraudulent',
      status,
    };
    disputes.push(dispute);
    return dispute;
  }

  /** Stripe's later word on a dispute (an answer under review, won, lost): the object as updated. */
  function update(id: string, changes: { status?: string; dueBy?: Date | null }): Json {
    const dispute = disputes.find((d) => d.id === id);
    if (!dispute) throw new Error(`fake Stripe: no dispute ${id}`);
    if (changes.status) dispute.status = changes.status;
    if (changes.dueBy !== undefined) {
      (dispute.evidence_details as Json).due_by = changes.dueBy ? seconds(changes.dueBy) : 0;
    }
    return dispute;
  }

  /** Stripe's answer to a refund of a charged-back charge; null when the refund may go ahead. */
  function refusesRefund(form: Record<string, string>): Answer | null {
    const barred = disputes.find((d) => d.payment_intent === form.payment_intent && !d.is_charge_refundable);
    if (!barred) return null;
    return {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'charge_disputed',
          message: `Charge ${String(barred.charge)} has been charged back; cannot issue a refund.`,
        },
      },
    };
  }

  function handle(method: string, path: string, query: URLSearchParams): Answer | null {
    if (method === 'GET' && path === '/v1/disputes') {
      const intent = query.get('payment_intent');
      const charge = query.get('charge');
      const data = disputes
        .filter((d) => (!intent || d.payment_intent === intent) && (!charge || d.charge === charge))
        .reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/disputes' } };
    }
    const one = path.match(/^\/v1\/disputes\/(dp_[^/]+)$/);
    if (method === 'GET' && one) {
      const dispute = disputes.find((d) => d.id === one[1]);
      return dispute
        ? { status: 200, body: dispute }
        : {
            status: 404,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such dispute: '${one[1]}'`,
                param: 'dispute',
              },
            },
          };
    }
    return null;
  }

  return { disputes, open, update, refusesRefund, handle };
}
