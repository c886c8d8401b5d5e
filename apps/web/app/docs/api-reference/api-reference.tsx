import { apiUrlPath, getTool, type LiveToolId } from '@toolkit/catalog';

export interface ApiReferenceProps {
  toolId: LiveToolId;
}

/**
 * The API reference of a live tool. Loaded lazily by the docs page frame, so it may import the full
 * catalog (with its zod schemas) without weighing on other pages.
 */
export function ApiReference({ toolId }: ApiReferenceProps) {
  const tool = getTool(toolId);
  return (
    <section aria-labelledby="api-reference-heading" className="space-y-4">
      <h2 id="api-reference-heading" className="font-semibold text-xl tracking-tight">
        API reference
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-md bg-brand-soft px-2 py-0.5 font-mono font-semibold text-xs">
          {tool.api.method}
        </span>
        <code className="font-mono">{apiUrlPath(tool)}</code>
      </p>
      <p className="text-muted-foreground text-sm">{tool.api.response}</p>
    </section>
  );
}

export default ApiReference;
