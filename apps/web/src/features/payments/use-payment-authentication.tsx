import type { PaymentAuthentication, PaymentResult } from '@store/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { confirmAuthentication } from './api/confirm-authentication';
import { sandboxAuthenticate } from './api/sandbox-authenticate';
import { type ChallengeAnswer, SandboxChallengeDialog } from './components/sandbox-challenge-dialog';
import { handleStripeNextAction } from './stripe-next-action';

/**
 * 3-D Secure in the browser (docs/decisions/024): `authenticate` shows the bank's challenge for a
 * payment the server answered with `authentication` — Stripe.js's in Stripe mode, the sandbox's
 * dialog otherwise — and, once it has ended however it ended, tells the server, whose answer (paid,
 * or a 402 with the reason) it returns. Render `challenge` where the dialog may open.
 */
export function usePaymentAuthentication(): {
  authenticate(auth: PaymentAuthentication): Promise<PaymentResult>;
  challenge: ReactNode;
} {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const ended = useRef<(() => void) | null>(null);

  const authenticate = useCallback(
    async (auth: PaymentAuthentication) => {
      if (auth.provider === 'stripe') await handleStripeNextAction(queryClient, auth.clientSecret);
      else {
        await new Promise<void>((resolve) => {
          ended.current = resolve;
          setSecret(auth.clientSecret);
        });
      }
      return confirmAuthentication(auth.orderId);
    },
    [queryClient],
  );

  const onAnswer = async (answer: ChallengeAnswer) => {
    // Closed: the bank is not told; the server finds the payment still waiting and cancels it.
    if (answer !== 'closed' && secret) await sandboxAuthenticate(secret, answer).catch(() => undefined);
    setSecret(null);
    ended.current?.();
    ended.current = null;
  };

  return { authenticate, challenge: <SandboxChallengeDialog opened={secret !== null} onAnswer={onAnswer} /> };
}
