// Mantine's base styles, before everything else. Each component's stylesheet comes with the component
// itself (the build plugin in vite.config.ts, docs/decisions/020), so a screen loads the styles of
// the components it renders and no others.
//
// No default-css-variables.css: MantineProvider writes every theme variable itself
// (deduplicateCssVariables={false} in main.tsx), a few hundred bytes of script instead of 4 KB gzip.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';

// The development server serves Mantine pre-bundled, past the build plugin: it gets the whole stylesheet.
if (import.meta.env.DEV) import('@mantine/core/styles.css');
