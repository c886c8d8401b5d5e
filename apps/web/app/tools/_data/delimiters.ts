/** How the delimiter choices read in a select. */
export const delimiterLabels: Readonly<Record<string, string>> = {
  ',': 'Comma ( , )',
  ';': 'Semicolon ( ; )',
  tab: 'Tab',
  '|': 'Pipe ( | )',
};
