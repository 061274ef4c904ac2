import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// A deep, steady blue: reads as dependable for business buyers, and shades 6-9 keep white text
// above WCAG AA contrast, which Mantine's default blue does not.
const brand: MantineColorsTuple = [
  '#edf2fa',
  '#d8e2f2',
  '#adc2e4',
  '#7f9fd5',
  '#5982c8',
  '#416fc0',
  '#2f5ea8',
  '#264f8f',
  '#1d3f73',
  '#142e55',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  defaultRadius: 'md',
  // A person who asked their system for less motion gets menus, dialogs and drawers without their
  // transitions (WCAG 2.3.3); Mantine animates them regardless unless told.
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontWeight: '650',
    sizes: { h1: { fontSize: '1.75rem', lineHeight: '1.3' } },
  },
  components: {
    Button: { defaultProps: { color: 'brand' } },
    Anchor: { defaultProps: { c: 'brand.7' } },
    Container: { defaultProps: { size: 'lg' } },
    // Mantine's Alert is role="alert" unless told otherwise, which interrupts a screen reader with
    // text that was on the page all along (a sandbox note, a read-only notice). A box is a note; the
    // messages that report what just happened say role="alert" or "status" where they are shown.
    Alert: { defaultProps: { role: 'note' } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's default dimmed grey is below 4.5:1 on white; secondary text must stay readable.
  // Likewise the default error red (#fa5252, 3.6:1): field messages and invalid inputs use red 9.
  light: {
    '--mantine-color-body': '#f6f8fb',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
