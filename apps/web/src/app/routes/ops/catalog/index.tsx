import { Button, Group, Loader, Stack, Title } from '@mantine/core';
import type { OpsPlan, OpsProduct } from '@store/core';
import { useState } from 'react';
import { useCatalog } from '../../../../features/ops/api/get-catalog';
import { CatalogProduct } from '../../../../features/ops/components/catalog-product';
import { PlanFormModal } from '../../../../features/ops/components/plan-form-modal';
import { ProductFormModal } from '../../../../features/ops/components/product-form-modal';

type Editing =
  | { kind: 'product'; product: OpsProduct | null }
  | { kind: 'plan'; product: OpsProduct; plan: OpsPlan | null }
  | null;

/** The store's catalogue: every product and plan, on sale or not, and their EULAs. */
export default function OpsCatalogScreen() {
  const catalog = useCatalog();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Catalogue</Title>
        <Button onClick={() => setEditing({ kind: 'product', product: null })}>Add product</Button>
      </Group>
      {catalog.isPending && <Loader aria-label="Loading the catalogue" />}
      {catalog.data?.products.map((product) => (
        <CatalogProduct
          key={product.productId}
          product={product}
          onEditProduct={() => setEditing({ kind: 'product', product })}
          onEditPlan={(plan) => setEditing({ kind: 'plan', product, plan })}
          onNewPlan={() => setEditing({ kind: 'plan', product, plan: null })}
        />
      ))}
      {editing?.kind === 'product' && <ProductFormModal product={editing.product} onClose={close} />}
      {editing?.kind === 'plan' && (
        <PlanFormModal
          plan={editing.plan}
          product={editing.product.product}
          productTitle={editing.product.title}
          onClose={close}
        />
      )}
    </Stack>
  );
}
