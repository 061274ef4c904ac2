// Mantine's styles for the shell and the components every screen uses, instead of the whole
// library's stylesheet; text inputs, other controls, dialogs and menus, and content such as tables
// (lib/mantine-{input,control,overlay,content}-styles.ts) come with the modules that use them. Order
// matters: the base first, then the components others are built on (Mantine's "CSS files list"). A
// module that starts using another Mantine component adds its file to one of these groups.
//
// No default-css-variables.css: MantineProvider writes every theme variable itself
// (deduplicateCssVariables={false} in main.tsx), a few hundred bytes of script instead of 4 KB gzip.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';

import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Flex.css';

import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
