import { useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { JOB_PARAM } from '~/lib/jobs';
import { type PipelineState, pipelineSearchParams, readPipelineState } from './pipeline-url';

const empty: PipelineState = { input: undefined, text: '', steps: [] };
const noop = () => () => {};

/**
 * The builder's state, kept in the page's address (React Router's search params, replaced, so
 * editing adds no history entries). The page is pre-rendered without an address: it hydrates with
 * the empty pipeline, then takes the address's (a server snapshot, as ARCHITECTURE.md asks for
 * anything that differs between the build and the browser). Typing goes to React state first and
 * then to the address, so a field never waits on a navigation; an address this page did not write
 * (a link followed, back/forward) is taken up again.
 */
export function usePipelineState() {
  const [params, setParams] = useSearchParams();
  const hydrated = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  const search = hydrated ? params.toString() : null;
  const [state, setState] = useState<PipelineState>(empty);
  const [adopted, setAdopted] = useState<string | null>(null);
  // Every address this page wrote: while navigations catch up, an older one of ours may show.
  const written = useRef(new Set<string>());

  // The state as of the last change, for changes made in one go (fields handed over at mount).
  const latest = useRef(state);

  if (search !== null && search !== adopted && !written.current.has(search)) {
    const read = readPipelineState(new URLSearchParams(search));
    latest.current = read;
    setAdopted(search);
    setState(read);
  }

  /** Applies a change to the latest state, and writes the result to the address. */
  const update = useCallback(
    (change: (current: PipelineState) => PipelineState) => {
      const next = change(latest.current);
      latest.current = next;
      setState(next);
      const nextParams = pipelineSearchParams(next);
      // The job being followed (?job=, lib/jobs.ts, written outside the router) stays in the address.
      const job = new URLSearchParams(window.location.search).get(JOB_PARAM);
      if (job) nextParams.set(JOB_PARAM, job);
      written.current.add(nextParams.toString());
      setParams(nextParams, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );

  return [state, update, hydrated] as const;
}
