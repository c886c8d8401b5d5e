/**
 * A catalog sentence with its inline code: `backticks` become <code>, the rest stays text (no
 * Markdown otherwise, so nothing else in a description can turn into markup).
 *
 * @example <CodeText text="Nested objects become `a.b` columns." />
 */
export function CodeText({ text, codeClassName }: { text: string; codeClassName?: string }) {
  const parts = text.split(/`([^`]+)`/);
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <code
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, in order.
        key={index}
        className={codeClassName ?? 'rounded bg-code px-1 font-mono text-[0.9em] text-foreground'}
      >
        {part}
      </code>
    ) : (
      part
    ),
  );
}
