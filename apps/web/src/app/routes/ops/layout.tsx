import { Title } from '@mantine/core';
import { loadZodEnglishMessages } from '@store/core';
import { Outlet } from 'react-router';

// The console's forms keep zod's English where a field's schema sets no message (a plan's
// overagePerRtu); the customer's screens set every message and load no locale.
loadZodEnglishMessages();

/** The store operator's console (docs/design.md §2); its header, with the sections, is ./header.tsx. */
export default function OpsLayout() {
  return (
    <>
      {/* The page's first heading; each screen's own title is the second level under it. */}
      <Title order={1} className="visually-hidden">
        Operator console
      </Title>
      <Outlet />
    </>
  );
}
