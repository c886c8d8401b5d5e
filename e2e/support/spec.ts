/**
 * Texts and constants quoted from the product specification (sections 2-9). They are typed here
 * on purpose, once: the product derives its pages from the catalog, and these tests check both the
 * product and the catalog against the specification's own words.
 */
export const spec = {
  home: {
    badge: 'Developer Toolkit',
    headline: 'Choose a Tool. Build with Ease.',
    exploreDocs: { name: 'Explore Docs', path: '/docs/api' },
    github: 'View on GitHub',
    learnMore: 'Learn More',
    cards: [
      { title: 'Image Processing', path: '/docs/api' },
      { title: 'Text Analysis', path: '/docs/api/word-counter' },
      { title: 'File Management', path: '/docs/api/file-conversion' },
      { title: 'Data Formats', path: '/docs/api/json-to-csv' },
      { title: 'Media Tools', path: '/docs/api/convert-audio' },
      { title: 'Document Processing', path: '/docs/api/pdf-to-text' },
    ],
  },
  about: {
    creatorHeading: 'Meet the Creator',
    skills: [
      'Backend Frameworks',
      'Languages',
      'Databases',
      'API Development',
      'DevOps & Cloud',
      'Testing & Debugging',
    ],
  },
  header: { links: ['Home', 'API', 'About'] },
  /** 'Built by {name}. © current year All rights reserved.' */
  footer: (year: number) => new RegExp(`^Built by .+\\. © ${year} All rights reserved\\.$`),
  sidebar: {
    title: 'Documentation',
    version: 'v1.0.0',
    groups: [
      { title: 'Image Processing API', count: 8 },
      { title: 'Text Processing API', count: 1 },
      { title: 'File Management API', count: 3 },
      { title: 'Data Format API', count: 7 },
      { title: 'Media Processing API', count: 1 },
      { title: 'Document Processing API', count: 2 },
    ],
    cookie: 'sidebar_state',
    cookieMaxAgeSeconds: 604_800,
    desktopWidthPx: 256,
    sheetWidthPx: 288,
    iconWidthPx: 48,
  },
  theme: { cookie: 'b_theme', cookiePath: '/', darkClass: 'dark' },
  search: {
    button: 'Search documentation...',
    placeholder: 'Search docs...',
    empty: 'No results found.',
    group: 'API Endpoints',
    entries: 22,
    maxWidthPx: 512,
  },
  breadcrumb: { home: 'Home', unknown: 'Documentation', imageBase64: 'Base64 Encode' },
  placeholder: {
    title: 'API Not Implemented',
    body: "This API endpoint is still under construction. We're working hard to get it ready for you.",
    button: 'Coming Soon',
  },
  upload: {
    heading: 'Drag & Drop or Select from File',
    select: 'Select file',
    remove: 'Remove',
    invalid: 'Please upload a valid image file.',
    missing: 'Please upload an image before submitting.',
    resizeHint: 'Upload an image to resize. Supported formats: JPEG, PNG, WebP.',
  },
  resize: {
    width: 'Width (px)',
    height: 'Height (px)',
    quality: 'Quality (1-100)',
    maintainAspect: 'Maintain Aspect Ratio',
    submit: 'Resize Image',
    qualityError: 'Quality must be between 1 and 100',
    defaultQuality: '85',
    success: 'Image successfully resized.',
    fallbackError: 'An error occurred while resizing the image.',
  },
  base64: {
    submit: 'Convert to Base64',
    success: 'Image successfully converted.',
    fallbackError: 'An error occurred while processing the image.',
    copyRevertMs: 1_500,
  },
  thumbnail: {
    select: 'Thumbnail Size',
    submit: 'Generate Thumbnail',
    options: [
      { label: 'Small (150x150)', value: 'small', px: 150 },
      { label: 'Medium (300x300)', value: 'medium', px: 300 },
      { label: 'Large (450x450)', value: 'large', px: 450 },
    ],
  },
  errors: {
    unauthorized: 'You are not authorized to perform this action. Please log in.',
    jsonInsteadOfFile: 'Server returned JSON instead of file',
    unknownFromBlob: 'Unknown error (from blob)',
    unknown: 'An unknown error occurred.',
    clipboard: 'Failed to copy. Please try again.',
  },
  toast: { durationMs: 4_000, maxVisible: 3 },
  tooltipDelayMs: 700,
  mobileBreakpointPx: 768,
} as const;
