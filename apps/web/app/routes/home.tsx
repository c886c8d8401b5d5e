import { ArrowRightIcon, SparklesIcon, WorkflowIcon } from 'lucide-react';
import { Link } from 'react-router';
import { GithubIcon } from '~/components/layout/github-icon';
import { groupIcons } from '~/components/layout/group-icons';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DOCS_ROOT, docsGroups } from '~/lib/catalog';
import { pageMeta } from '~/lib/meta';
import { siteConfig } from '~/lib/site-config';
import { PIPELINE_PATH } from '~/pipeline/pipeline-url';

export function meta() {
  return pageMeta(undefined, siteConfig.description);
}

export default function Home() {
  return (
    <main id="main-content" className="flex-1">
      <section className="relative isolate overflow-hidden border-b">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] bg-[size:3.5rem_3.5rem] [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black_40%,transparent_100%)]"
        />
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 pt-20 pb-20 text-center sm:px-6 sm:pt-28 sm:pb-24">
          <Badge variant="brand" className="px-3 py-1">
            <SparklesIcon aria-hidden="true" className="text-brand" />
            Developer Toolkit
          </Badge>
          <h1 className="mt-6 text-balance font-bold text-4xl tracking-tight sm:text-6xl">
            Choose a Tool. <span className="text-brand">Build with Ease.</span>
          </h1>
          <p className="mt-6 max-w-2xl text-pretty text-lg text-muted-foreground leading-8">
            Simple, reliable HTTP APIs for images, text, files, data formats, audio and PDF, documented and
            ready to try in your browser. New features and endpoints are always on the way.
          </p>
          <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
            <Button asChild size="lg">
              <Link to={DOCS_ROOT}>
                Explore Docs
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={siteConfig.githubUrl} target="_blank" rel="noreferrer">
                <GithubIcon className="size-4" />
                View on GitHub
              </a>
            </Button>
          </div>
        </div>
      </section>
      <section
        aria-labelledby="api-groups-heading"
        className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8"
      >
        <h2 id="api-groups-heading" className="font-semibold text-2xl tracking-tight">
          Explore the APIs
        </h2>
        <p className="mt-2 text-muted-foreground">Six groups of endpoints, one consistent contract.</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {docsGroups.map((group) => {
            const Icon = groupIcons[group.id];
            return (
              <li
                key={group.id}
                className="group relative flex flex-col rounded-xl border bg-card p-6 shadow-xs transition-colors hover:border-brand/40"
              >
                <span className="flex size-10 items-center justify-center rounded-lg border bg-brand-soft text-brand">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-5 font-semibold text-base tracking-tight">{group.cardTitle}</h3>
                <p className="mt-2 flex-1 text-muted-foreground text-sm leading-6">{group.cardDescription}</p>
                <div className="mt-6 flex items-center justify-between text-sm">
                  <Link
                    to={group.entryPath}
                    className="inline-flex items-center gap-1 rounded-sm font-medium text-brand after:absolute after:inset-0 after:rounded-xl hover:underline hover:underline-offset-4"
                  >
                    Learn More
                    <span className="sr-only"> about {group.cardTitle}</span>
                    <ArrowRightIcon
                      className="size-4 transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </Link>
                  <span className="text-muted-foreground text-xs">
                    {group.tools.length} {group.tools.length === 1 ? 'endpoint' : 'endpoints'}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>
        <p className="mt-8 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-xl border bg-card px-6 py-4 text-muted-foreground text-sm">
          <WorkflowIcon className="size-4 text-brand" aria-hidden="true" />
          Chain them: the
          <Link to={PIPELINE_PATH} className="font-medium text-brand underline-offset-4 hover:underline">
            pipeline builder
          </Link>
          runs up to 10 operations, each on the result of the one before.
        </p>
      </section>
    </main>
  );
}
