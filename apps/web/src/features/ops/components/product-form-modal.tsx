import { Button, Checkbox, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { OpsProduct } from '@store/core';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { FLAG_BITS, ProductFormSchema, productBody, productFormValues } from '../product-form';
import { OpsModal } from './ops-modal';

/** A product's name, title, description, flags and availability; a new product when `product` is null. */
export function ProductFormModal({ product, onClose }: { product: OpsProduct | null; onClose: () => void }) {
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const { form, onSubmit } = useSchemaForm(ProductFormSchema, { initialValues: productFormValues(product) });
  const submit = onSubmit((values) => {
    const body = productBody(values);
    const saved = () => {
      showAlert({ type: 'success', text: `Product ${body.title} saved` });
      onClose();
    };
    if (product) update.mutate({ productId: product.productId, body }, { onSuccess: saved });
    else create.mutate(body, { onSuccess: saved });
  });
  return (
    <OpsModal
      id="product-form"
      onClose={onClose}
      title={product ? `Edit ${product.title}` : 'New product'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            description="Letters and digits; the product's address is Products/{name}"
            required
            {...form.getInputProps('name')}
          />
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <Textarea
            label="Description"
            required
            autosize
            minRows={3}
            {...form.getInputProps('description')}
          />
          <Checkbox.Group label="Flags" required {...form.getInputProps('flags')}>
            <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs" spacing="xs">
              {FLAG_BITS.map((f) => (
                <Checkbox key={f.bit} value={String(f.bit)} label={`${f.label} (${f.bit})`} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Checkbox
            label="Available in the catalogue"
            {...form.getInputProps('isAvailable', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Save product
            </Button>
          </Group>
        </Stack>
      </form>
    </OpsModal>
  );
}
