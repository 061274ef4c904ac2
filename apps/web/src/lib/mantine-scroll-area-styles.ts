// Mantine's ScrollArea styles: under dialogs, drawers, Select's dropdown and scrolling tables, so the
// overlay and content groups import them first (Mantine's "CSS files list" puts them early).
import '@mantine/core/styles/ScrollArea.css';
