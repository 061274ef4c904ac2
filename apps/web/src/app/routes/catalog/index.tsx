import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { productLabel } from '@store/core';
import { Link } from 'react-router';
import { useProducts } from '../../../features/catalog/api/get-products';

/** docs/design.md §2: every available product, with its description and a link to its page. */
export default function CatalogScreen() {
  const { data, isLoading } = useProducts();
  const products = (data ?? []).filter((p) => p.isAvailable);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Products</Title>
        <Text c="dimmed">Choose a product to see its plans and prices.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {isLoading && ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => <Skeleton key={k} h={180} radius="md" />)}
        {products.map((p) => (
          <Card key={p.productName} withBorder radius="md" padding="lg" component="article">
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap={6}>
                <Group justify="space-between">
                  <Title order={2} size="h3">
                    {p.title}
                  </Title>
                  <Badge variant="light">{productLabel(p.product)}</Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {p.description}
                </Text>
              </Stack>
              <Button
                component={Link}
                to={`/Products/${encodeURIComponent(p.productName)}`}
                variant="light"
                aria-label={`See plans of ${p.title}`}
              >
                See plans
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
