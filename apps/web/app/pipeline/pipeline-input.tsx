import { useId } from 'react';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';
import { FilesUploadArea } from '~/tools/_shared/files-upload-area';
import { UploadArea } from '~/tools/_shared/upload-area';
import { useTypedEarly } from '~/tools/_shared/use-early-input';
import type { FileUpload } from '~/tools/_shared/use-file-upload';
import type { FilesUpload } from '~/tools/_shared/use-files-upload';
import { type InputChoice, MAX_LINK_TEXT_BYTES, textFitsLink } from './pipeline-url';

const TEXT_IN_LINK_HINT = `Text up to ${MAX_LINK_TEXT_BYTES / 1024} KB is kept in the page’s link.`;

const choices: { value: InputChoice; label: string }[] = [
  { value: 'file', label: 'A file' },
  { value: 'files', label: 'Several files (a batch)' },
  { value: 'text', label: 'Typed text' },
];

/**
 * What the pipeline starts from: a file (the upload area of the try-it panels), several files (each
 * goes through the steps; the results come back in one zip), or typed text for text and data chains.
 * Text up to MAX_LINK_TEXT_BYTES goes into the link; a file never does.
 */
export function PipelineInput({
  input,
  onInput,
  text,
  onText,
  upload,
  batch,
}: {
  input: InputChoice;
  onInput: (input: InputChoice) => void;
  text: string;
  onText: (text: string) => void;
  upload: FileUpload;
  batch: FilesUpload;
}) {
  const name = useId();
  const textId = useId();
  const hintId = useId();
  const shown = useTypedEarly(textId, text, onText);
  return (
    <section
      aria-labelledby={`${name}-heading`}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
    >
      <h2 id={`${name}-heading`} className="font-semibold text-xl tracking-tight">
        Input
      </h2>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2">
        <legend className="sr-only">The pipeline starts from</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={input === choice.value}
              onChange={() => onInput(choice.value)}
              className="size-4 accent-(--color-brand)"
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {input === 'file' ? (
        <UploadArea
          upload={upload}
          hint="The file goes through the steps below. It is not part of the link."
        />
      ) : input === 'files' ? (
        <FilesUploadArea
          upload={batch}
          hint={`${batch.min} to ${batch.max} files, each through the steps below; the results come back in one zip.`}
        />
      ) : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={textId}>Text</Label>
          <textarea
            id={textId}
            value={shown}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            aria-describedby={hintId}
            onChange={(event) => onText(event.currentTarget.value)}
            className={cn(
              'min-h-40 w-full resize-y rounded-md border border-input bg-code px-3 py-2 font-mono text-xs leading-5',
              'shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
            )}
          />
          <p id={hintId} className="text-muted-foreground text-xs">
            {textFitsLink(text)
              ? TEXT_IN_LINK_HINT
              : `This text is over ${MAX_LINK_TEXT_BYTES / 1024} KB: the link keeps the steps, not the text.`}
          </p>
        </div>
      )}
    </section>
  );
}
