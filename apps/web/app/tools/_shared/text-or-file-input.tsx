import { FileTextIcon, FileUpIcon, XIcon } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/utils';
import { filePickerProps } from './drop-zone';
import { formatBytes, formatCount } from './format';
import { useFilesChosenEarly, useTypedEarly } from './use-early-input';
import type { TextOrFile } from './use-text-or-file';

/**
 * A text/data tool's input: a monospaced editor for typed or pasted text, and a file choice (button
 * or drop on the editor) that is sent instead of the text while it is chosen.
 */
export function TextOrFileInput({
  input,
  label,
  placeholder,
  accept,
  hint,
}: {
  input: TextOrFile;
  /** Defaults to the text's noun ('JSON', 'CSV', 'Text'). */
  label?: string;
  placeholder?: string;
  /** The picker's filter, e.g. '.csv,text/csv'. */
  accept?: string;
  hint?: string;
}) {
  const textareaId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const [dragging, setDragging] = useState(false);
  const { file, text, noun } = input;
  const name = label ?? (noun === 'text' ? 'Text' : noun);
  const shown = useTypedEarly(textareaId, text, input.setText);
  useFilesChosenEarly(fileInput, input.chooseFile);

  const onDragOver = (event: DragEvent<HTMLTextAreaElement>) => {
    if (!Array.from(event.dataTransfer?.types ?? []).includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label htmlFor={textareaId}>{name}</Label>
        <Button
          variant="outline"
          size="sm"
          onClick={() => fileInput.current?.click()}
          {...filePickerProps(fileInputId)}
        >
          <FileUpIcon aria-hidden="true" />
          Upload a file
        </Button>
        <input
          ref={fileInput}
          id={fileInputId}
          type="file"
          accept={accept}
          hidden
          tabIndex={-1}
          onChange={(event) => {
            input.chooseFile(Array.from(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
      </div>
      {file && (
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-2 pl-3">
          <FileTextIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-sm" title={file.name}>
              {file.name}
            </p>
            <p className="text-muted-foreground text-xs">
              {formatBytes(file.size)} · sent instead of the text below
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={input.removeFile}>
            <XIcon aria-hidden="true" />
            Remove file
          </Button>
        </div>
      )}
      <textarea
        id={textareaId}
        ref={input.textareaRef}
        value={shown}
        placeholder={placeholder}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => input.setText(event.currentTarget.value)}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          if (event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          setDragging(false);
          input.chooseFile(Array.from(event.dataTransfer.files));
        }}
        data-dragging={dragging || undefined}
        {...filePickerProps(fileInputId)}
        className={cn(
          'min-h-48 w-full resize-y rounded-md border border-input bg-code px-3 py-2 font-mono text-xs leading-5',
          'shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring',
          'focus-visible:ring-[3px] focus-visible:ring-ring/50 data-dragging:border-brand data-dragging:bg-brand-soft',
          file && 'opacity-60',
        )}
      />
      <p id={hintId} className="flex justify-between gap-4 text-muted-foreground text-xs">
        <span>{hint}</span>
        <span className="shrink-0 tabular-nums">{formatCount(text.length, 'character')}</span>
      </p>
    </div>
  );
}
