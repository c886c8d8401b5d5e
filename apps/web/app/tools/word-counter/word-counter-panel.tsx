import { getTool } from '@toolkit/catalog';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FormCard, HelpCard, ToolPanel } from '../_shared/panel';
import { AnalysisResult, type MemberView } from '../_shared/results/analysis-result';
import { TextOrFileInput } from '../_shared/text-or-file-input';
import { formTexts } from '../_shared/texts';
import { useTextOrFile } from '../_shared/use-text-or-file';

const tool = getTool('word-counter');

const texts = formTexts('Count Words', 'Counting…', 'counting the words');

const sample =
  'The quick brown fox jumps over the lazy dog. The dog sleeps.\n\nA second paragraph: 吾輩は猫である。 👨‍👩‍👧‍👦 is one character.\n';

const seconds = (value: unknown) => {
  const total = Number(value);
  return total < 60 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
};

/** Statistics in reading order, the top words last as a table. */
const views: Readonly<Record<string, MemberView>> = {
  words: {},
  characters: { label: 'Characters' },
  charactersNoSpaces: { label: 'Characters without spaces' },
  sentences: {},
  paragraphs: {},
  lines: {},
  uniqueWords: { label: 'Unique words' },
  averageWordLength: { label: 'Average word length' },
  readingTimeSeconds: { label: 'Reading time (238 wpm)', format: seconds },
  speakingTimeSeconds: { label: 'Speaking time (150 wpm)', format: seconds },
  topWords: { label: 'Top words' },
};

/** The Word Counter try-it panel. */
export default function WordCounterPanel() {
  const mutation = useToolMutation(tool, { successMessage: 'Text successfully analysed.' });
  const input = useTextOrFile(tool.api.input, sample, mutation.reset);
  const submit = () => {
    // Blank text is still text (zeros); only neither text nor a file is a mistake.
    const source = input.file ? { file: input.file } : { text: input.text };
    mutation.mutate(source);
  };
  return (
    <ToolPanel
      endpoint={tool.api}
      aside={
        <HelpCard title="How it counts">
          <p>
            Words by Unicode word segmentation, so Chinese, Japanese and Thai count right; emoji and
            punctuation are not words.
          </p>
          <p>Characters are what you see: a family emoji or an accented letter is one.</p>
        </HelpCard>
      }
    >
      <FormCard label="Count words" onSubmit={submit} texts={texts} mutation={mutation}>
        <TextOrFileInput input={input} accept=".txt,.md,text/plain,text/markdown" />
      </FormCard>
      {mutation.data && <AnalysisResult data={mutation.data.data} views={views} title="Statistics" />}
    </ToolPanel>
  );
}
