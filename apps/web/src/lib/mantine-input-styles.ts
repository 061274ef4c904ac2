// Mantine's styles for text inputs and selects: imported by the modules that use those components,
// so they load with the first screen that shows one (app/mantine-styles.ts holds the shell's).
// Checkboxes, radios, switches and number inputs (lib/mantine-control-styles.ts) and dialogs and menus
// (lib/mantine-overlay-styles.ts) have groups of their own, which Login does not load.
// Order matters: the components others are built on come first (Mantine's "CSS files list").
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Combobox.css';

import '@mantine/core/styles/PasswordInput.css';
