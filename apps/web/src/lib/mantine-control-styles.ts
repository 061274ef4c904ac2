// Mantine's styles for checkboxes, radios, switches, segmented controls and number inputs: imported
// by the modules that use those components. They build on the inputs' styles, which come first.
import './mantine-input-styles';
import '@mantine/core/styles/CheckboxIndicator.css';

import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
