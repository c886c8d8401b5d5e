/**
 * Tells common programming languages apart by lines only code has (anchored at line starts, with
 * the language's own punctuation), so prose that mentions "import" or "class" is not taken for
 * code. A language needs at least two different kinds of such lines.
 */
const languages: readonly { mime: string; patterns: readonly RegExp[] }[] = [
  {
    mime: 'text/x-c',
    patterns: [
      /^#include\s*[<"][\w./]+[>"]/m,
      /^#(define|ifndef|ifdef|endif|pragma)\b/m,
      /^(static\s+|extern\s+|inline\s+)*(int|void|char|unsigned|long|double|float|size_t|struct\s+\w+)\s+\**\w+\s*\([^;]*\)\s*\{?\s*$/m,
      /^\s*(return\s+[^;]*|\w+\s*\([^;]*\));\s*$/m,
      /^(typedef|struct)\s+\w+/m,
    ],
  },
  {
    mime: 'text/x-python',
    patterns: [
      /^(from\s+[\w.]+\s+)?import\s+[\w., ]+\s*$/m,
      /^\s*(async\s+)?def\s+\w+\s*\(.*\)\s*(->\s*[^:]+)?:\s*$/m,
      /^\s*class\s+\w+(\([^)]*\))?:\s*$/m,
      /^if\s+__name__\s*==\s*['"]__main__['"]\s*:/m,
      /^\s*(elif\s+.+|else|try|except(\s+\w+)?(\s+as\s+\w+)?|finally)\s*:\s*$/m,
    ],
  },
  {
    mime: 'text/javascript',
    patterns: [
      /^\s*import\s+(.+\s+from\s+)?['"][^'"]+['"];?\s*$/m,
      /^\s*export\s+(default\s+)?(async\s+)?(function|const|class|let|interface|type)\b/m,
      /^\s*(const|let|var)\s+[\w{}[\], ]+\s*=\s*.+;?\s*$/m,
      /^\s*(async\s+)?function\s*\*?\s*\w*\s*\([^)]*\)\s*\{/m,
      /=>\s*\{?\s*$/m,
      /\brequire\(['"][^'"]+['"]\)/,
    ],
  },
  {
    mime: 'text/x-java',
    patterns: [
      /^package\s+[\w.]+;\s*$/m,
      /^import\s+(static\s+)?[\w.]+(\.\*)?;\s*$/m,
      /^\s*(public|private|protected)\s+(static\s+)?(final\s+)?(abstract\s+)?(class|interface|enum|void|[\w<>[\]]+\s+\w+\s*\()/m,
      /^\s*@(Override|Test|Deprecated)\b/m,
    ],
  },
  {
    mime: 'text/x-go',
    patterns: [
      /^package\s+\w+\s*$/m,
      /^func\s+(\([^)]*\)\s*)?\w+\s*\(/m,
      /^import\s+(\(|"[\w./-]+")\s*$/m,
      /^\s*\w+\s*:=\s*/m,
    ],
  },
  {
    mime: 'text/x-rust',
    patterns: [/^\s*(pub\s+)?fn\s+\w+/m, /^use\s+[\w:{}, ]+;\s*$/m, /^\s*let\s+mut\s+\w+/m, /^\s*impl\b/m],
  },
  {
    mime: 'text/css',
    patterns: [/^[^{}\n;]+\{\s*$/m, /^\s*[\w-]+\s*:\s*[^;{}\n]+;\s*$/m, /^\s*@(media|import|font-face)\b/m],
  },
];

/** The media type of source code in `text`, or undefined when it does not read as code. */
export function scoreSourceCode(text: string): string | undefined {
  let best: { mime: string; score: number } | undefined;
  for (const language of languages) {
    const score = language.patterns.filter((pattern) => pattern.test(text)).length;
    if (score >= 2 && (!best || score > best.score)) best = { mime: language.mime, score };
  }
  return best?.mime;
}
