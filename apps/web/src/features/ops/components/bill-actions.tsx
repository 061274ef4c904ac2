import type { OpsBillDetail } from '@store/core';

/**
 * The bill page's place for actions on a paid bill (a refund). Empty until those actions exist; the
 * bill page renders it below the bill's attempts.
 */
export function BillActions(_props: { detail: OpsBillDetail }) {
  return null;
}
