import { Loader } from '@mantine/core';
import { productLabel } from '@store/core';
import { usePerpetualLicense } from '../api/get-perpetual-license';
import { DetailPanel, FigureRow, FigureTable } from './detail-panel';

/** A perpetual license's terms (GET /api/perpetualstorelicense/{subscriptionId}). */
export function PerpetualDetails({ subscriptionId }: { subscriptionId: number }) {
  const license = usePerpetualLicense(subscriptionId);
  return (
    <DetailPanel title="Perpetual License">
      {license.isPending ? (
        <Loader size="sm" aria-label="Loading license" />
      ) : license.data ? (
        <FigureTable label="Perpetual license">
          <FigureRow label="Description" value={license.data.description} />
          <FigureRow label="Product" value={productLabel(license.data.product)} />
          <FigureRow label="Version" value={license.data.version} />
          <FigureRow label="Machines" value={license.data.numMachines} />
          <FigureRow label="CPUs per machine" value={license.data.numCpus} />
        </FigureTable>
      ) : null}
    </DetailPanel>
  );
}
