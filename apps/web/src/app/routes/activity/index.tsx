import { Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ActivityFilterBar, ActivityTable, noFilters, useActivity } from '../../../features/activity';
import { usePersons } from '../../../features/users';

/** Activity (docs/decisions/017): every change made to the organization, newest first, for its admins. */
export default function ActivityScreen() {
  const [filters, setFilters] = useState(noFilters);
  const activity = useActivity(filters);
  const persons = usePersons();
  return (
    <Stack gap="lg">
      <Title order={1}>Activity</Title>
      <Text c="dimmed">Who changed what in your organization, when, and from which address.</Text>
      <ActivityFilterBar filters={filters} persons={persons.data ?? []} onChange={setFilters} />
      {activity.data ? (
        <ActivityTable page={activity.data} onPage={(page) => setFilters({ ...filters, page })} />
      ) : (
        <Loader aria-label="Loading activity" />
      )}
    </Stack>
  );
}
