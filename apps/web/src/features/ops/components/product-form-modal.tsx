import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../../lib/form';
import { showAlert } from '../../alert';
import { useSaveProduct } from '../api/save-product';
import type { OpsProduct } from '../contract';
import { bitsToFlags, FLAG_BITS, flagsToBits, ProductFormSchema } from '../product-form';

/** A product's name, title, description and flags; a new product when `product` is null. */
export function ProductFormModal({ product, onClose }: { product: OpsProduct | null; onClose: () => void }) {
  const save = useSaveProduct();
  const { form, onSubmit } = useSchemaForm(ProductFormSchema, {
    initialValues: {
      productName: product?.productName ?? '',
      title: product?.title ?? '',
      description: product?.description ?? '',
      flags: flagsToBits(product?.product ?? 0),
    },
  });
  const submit = onSubmit(({ flags, ...fields }) =>
    save.mutate(
      { productId: product?.product ?? null, body: { ...fields, product: bitsToFlags(flags) } },
      {
        onSuccess: () => {
          showAlert({ type: 'success', text: `Product ${fields.title} saved` });
          onClose();
        },
      },
    ),
  );
  return (
    <Modal
      id="product-form"
      opened
      onClose={onClose}
      title={product ? `Edit ${product.title}` : 'New product'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            description="Used in the product's address: Products/{name}"
            required
            {...form.getInputProps('productName')}
          />
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
          <Checkbox.Group label="Flags" required {...form.getInputProps('flags')}>
            <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs" spacing="xs">
              {FLAG_BITS.map((f) => (
                <Checkbox key={f.bit} value={String(f.bit)} label={`${f.label} (${f.bit})`} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save product
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
