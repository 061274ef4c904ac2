// Mantine's styles for dialogs, drawers, menus, tooltips and the dropdowns of Select: imported by the
// modules that use those components, so they load with the first screen that shows one.
// Order matters: the components others are built on come first (Mantine's "CSS files list").
import './mantine-scroll-area-styles';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';

import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Tooltip.css';
