/** Stand-in try-it panel until the tool's own panel lands (see app/tools/registry.ts). */
export default function PendingPanel() {
  return (
    <section aria-labelledby="try-it-heading" className="rounded-xl border bg-card p-6">
      <h2 id="try-it-heading" className="font-semibold text-xl tracking-tight">
        Try it
      </h2>
      <p className="mt-2 text-muted-foreground text-sm">
        The interactive panel for this tool is loading soon.
      </p>
    </section>
  );
}
