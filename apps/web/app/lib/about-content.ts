/** Texts of the about page. The skill cards have the id, title and description the specification names. */
export const mission =
  'We give developers reliable, simple APIs for the everyday jobs that should not take a day: resizing an image, converting a data format, pulling text out of a PDF. Every endpoint is documented, validated and predictable, so you can wire it in and move on.';

export const vision =
  'To be the go-to platform for easy-to-integrate APIs: one consistent contract, clear errors and documentation you can try in the browser, for every utility a product needs.';

export const creatorBio =
  'I am a backend software engineer who builds APIs and the systems behind them. I care about clear contracts, fast and boring infrastructure, and documentation that answers the question before it is asked. This toolkit collects the utilities I kept rebuilding for every project, done properly once.';

export const skillCards = [
  {
    id: 'backend-frameworks',
    title: 'Backend Frameworks',
    description:
      'Node.js with Fastify and Express, NestJS and Django: services that stay fast and readable as they grow.',
  },
  {
    id: 'languages',
    title: 'Languages',
    description:
      'TypeScript, JavaScript, Python and Go, each where it fits best: typed APIs, data work, high throughput.',
  },
  {
    id: 'databases',
    title: 'Databases',
    description:
      'PostgreSQL, MySQL, MongoDB and Redis: schema design, indexing, migrations and caching that keep queries predictable.',
  },
  {
    id: 'api-development',
    title: 'API Development',
    description:
      'REST and OpenAPI-first design, versioning, validation, rate limiting and error contracts people can act on.',
  },
  {
    id: 'devops-cloud',
    title: 'DevOps & Cloud',
    description:
      'Docker, CI/CD pipelines, AWS and Linux servers, observed through structured logs, metrics and traces.',
  },
  {
    id: 'testing-debugging',
    title: 'Testing & Debugging',
    description:
      'Unit, integration and end-to-end tests, plus profiling and tracing to find the slow or broken path fast.',
  },
] as const;
