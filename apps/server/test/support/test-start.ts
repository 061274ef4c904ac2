/** The instant every test's store clock starts at unless the test chooses another. */
export const TEST_START = '2026-11-02T12:00:00Z';
