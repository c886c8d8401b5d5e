import type { CodeLine, TokenKind } from '@toolkit/catalog';

/** Token colours, each at least 4.5:1 on the code background in its theme. */
const tokenClass: Record<TokenKind, string | undefined> = {
  plain: undefined,
  keyword: 'text-violet-700 dark:text-violet-300',
  string: 'text-emerald-700 dark:text-emerald-300',
  number: 'text-amber-700 dark:text-amber-300',
  comment: 'text-muted-foreground italic',
  function: 'text-sky-700 dark:text-sky-300',
  property: 'text-rose-700 dark:text-rose-300',
};

/** Highlighted code from tokens. Lines end in real newlines, so selecting and copying keeps them. */
export function CodeBlock({ lines, label }: { lines: readonly CodeLine[]; label: string }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      className="overflow-x-auto outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-ring focus-visible:-outline-offset-2"
    >
      <pre className="w-max min-w-full p-4 font-mono text-[13px] leading-6">
        <code>
          {lines.map((line, lineIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are generated in a fixed order and never reordered.
            <span key={lineIndex}>
              {line.map((token, tokenIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                <span key={tokenIndex} className={tokenClass[token.kind]}>
                  {token.text}
                </span>
              ))}
              {lineIndex < lines.length - 1 ? '\n' : null}
            </span>
          ))}
        </code>
      </pre>
    </section>
  );
}
