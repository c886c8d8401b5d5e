/** Facts about the site and its creator, kept in one place (header, footer, home and about pages). */
export const siteConfig = {
  name: 'Developer Toolkit',
  description:
    'Simple, reliable HTTP APIs for images, text, files, data formats, audio and PDF, with documentation you can try in the browser.',
  creator: {
    name: 'Daniel Okafor',
    role: 'Backend Software Engineer',
  },
  githubUrl: 'https://github.com/developer-toolkit/developer-toolkit',
  themeColor: { light: '#ffffff', dark: '#0d0d0f' },
} as const;
