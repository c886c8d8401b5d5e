/*
 * A shared link's first frame. The page is pre-rendered without the address, and the builder reads
 * it only once its code has loaded, so until then a link would paint the empty builder: 'No steps
 * yet', and a file input where the link says text. A plain placeholder says the pipeline is loading
 * instead: an inline script (hashed into the Content-Security-Policy like the boot script) shows it
 * when the address holds steps, and while it shows, CSS hides the builder after it (`peer`, see
 * pipeline-builder.tsx). Hydration removes the placeholder: the builder appears with the link's steps.
 */

export const LOADING_SHARED = 'Loading the shared pipeline…';

/** Runs before hydration: shows the placeholder just before the script when the link has a step 1. */
export const SHOW_WHEN_SHARED =
  "try{if(new URLSearchParams(location.search).get('s1'))document.currentScript.previousElementSibling.hidden=false}catch(_){}";

/** The builder's shape while its code loads (the route's Suspense fallback, and the shared link's). */
export function BuilderSkeleton() {
  return <div className="h-96 animate-pulse rounded-xl border bg-muted/40" aria-hidden="true" />;
}

/** The placeholder and its script, rendered only until the builder has hydrated. */
export function SharedPreview() {
  return (
    <>
      {/* Shown by the script, so React must not mind the missing `hidden` while it hydrates. */}
      <div hidden suppressHydrationWarning className="peer flex flex-col gap-4">
        <p role="status" className="text-muted-foreground text-sm">
          {LOADING_SHARED}
        </p>
        <BuilderSkeleton />
      </div>
      <script
        suppressHydrationWarning
        // Only the pre-render needs its text: in the browser it has run before any module.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed build-time string, allowed by CSP hash
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? SHOW_WHEN_SHARED : '' }}
      />
    </>
  );
}
