import {
  BugIcon,
  CloudIcon,
  CodeIcon,
  DatabaseIcon,
  type LucideIcon,
  PlugIcon,
  ServerIcon,
} from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { creatorBio, mission, skillCards, vision } from '~/lib/about-content';
import { pageMeta } from '~/lib/meta';
import { siteConfig } from '~/lib/site-config';

export function meta() {
  return pageMeta('About', 'Why the Developer Toolkit exists, where it is going, and who builds it.');
}

const skillIcons: Record<string, LucideIcon> = {
  'backend-frameworks': ServerIcon,
  languages: CodeIcon,
  databases: DatabaseIcon,
  'api-development': PlugIcon,
  'devops-cloud': CloudIcon,
  'testing-debugging': BugIcon,
};

const statements = [
  { id: 'mission', title: 'Our Mission', text: mission },
  { id: 'vision', title: 'Our Vision', text: vision },
];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export default function About() {
  const { creator } = siteConfig;
  return (
    <main id="main-content" className="mx-auto w-full max-w-5xl flex-1 px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
      <header className="max-w-3xl">
        <p className="font-medium text-brand text-sm">About</p>
        <h1 className="mt-2 font-bold text-4xl tracking-tight sm:text-5xl">APIs that just work</h1>
        <p className="mt-5 text-lg text-muted-foreground leading-8">
          {siteConfig.name} is a set of small, dependable HTTP APIs with documentation you can read and try in
          one place.
        </p>
      </header>

      <div className="mt-14 grid gap-6 md:grid-cols-2">
        {statements.map((statement) => (
          <section
            key={statement.id}
            aria-labelledby={`${statement.id}-heading`}
            className="rounded-xl border bg-card p-6 sm:p-8"
          >
            <h2 id={`${statement.id}-heading`} className="font-semibold text-xl tracking-tight">
              {statement.title}
            </h2>
            <p className="mt-3 text-muted-foreground leading-7">{statement.text}</p>
          </section>
        ))}
      </div>

      <section aria-labelledby="creator-heading" className="mt-20">
        <h2 id="creator-heading" className="font-semibold text-2xl tracking-tight">
          Meet the Creator
        </h2>
        <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
          <span
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-brand text-xl"
          >
            {initials(creator.name)}
          </span>
          <div className="max-w-3xl">
            <p className="font-semibold">{creator.name}</p>
            <p className="text-muted-foreground text-sm">{creator.role}</p>
            <p className="mt-4 text-muted-foreground leading-7">{creatorBio}</p>
          </div>
        </div>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {skillCards.map((skill) => {
            const Icon = skillIcons[skill.id] ?? CodeIcon;
            return (
              <li key={skill.id} id={skill.id}>
                <Card className="h-full gap-2 py-5">
                  <CardHeader className="px-5">
                    <Icon className="mb-2 size-5 text-brand" aria-hidden="true" />
                    <CardTitle>{skill.title}</CardTitle>
                    <CardDescription>{skill.description}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>
    </main>
  );
}
