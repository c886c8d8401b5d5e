import { ImageIcon, ImageUpIcon, Trash2Icon } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FILE_INPUT_ATTRIBUTE } from '~/lib/boot-script';
import { cn } from '~/lib/utils';
import { formatBytes } from './format';
import { ImagePreview } from './image-preview';
import { IMAGE_ACCEPT, type ImageUpload } from './use-image-upload';

export const UPLOAD_HEADING = 'Drag & Drop or Select from File';
export const SELECT_FILE_LABEL = 'Select file';
export const REMOVE_LABEL = 'Remove';

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * The drop zone of the image tools: drop an image on it or pick one with 'Select file' (keyboard
 * users tab to the button). Once an image is chosen it shows the preview and 'Remove'; dropping
 * another image replaces it. Only the first file of a drop or a pick is used.
 */
export function UploadArea({ upload, hint }: { upload: ImageUpload; hint: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const selectRef = useRef<HTMLButtonElement>(null);
  const focusSelectNext = useRef(false);
  const [dragging, setDragging] = useState(false);
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputId = useId();
  const { file, previewUrl, error } = upload;

  const onDragOver = (event: DragEvent<HTMLFieldSetElement>) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLFieldSetElement>) => {
    // Moving between the zone's own children fires dragleave too; only leaving the zone counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLFieldSetElement>) => {
    event.preventDefault();
    setDragging(false);
    upload.choose(event.dataTransfer.files);
  };
  const openPicker = () => inputRef.current?.click();
  const remove = () => {
    if (inputRef.current) inputRef.current.value = '';
    // The Remove button disappears with the image: keyboard focus moves to 'Select file' instead.
    focusSelectNext.current = true;
    upload.remove();
  };

  useEffect(() => {
    if (file || !focusSelectNext.current) return;
    focusSelectNext.current = false;
    selectRef.current?.focus();
  }, [file]);

  return (
    <div className="flex flex-col gap-2">
      <fieldset
        aria-labelledby={headingId}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        data-dragging={dragging || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={cn(
          'relative m-0 min-w-0 rounded-xl border-2 border-dashed transition-colors',
          file ? 'border-border p-3 sm:p-4' : 'border-input bg-muted/30 px-4 py-8 sm:py-10',
          'data-dragging:border-brand data-dragging:bg-brand-soft',
          error && 'border-destructive/60',
        )}
      >
        {file && previewUrl ? (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <ImagePreview url={previewUrl} name={file.name} className="h-48 sm:h-40 sm:w-56" />
            <div className="flex min-w-0 flex-1 flex-col gap-3">
              <div className="min-w-0">
                <p id={headingId} className="truncate font-medium text-sm" title={file.name}>
                  {file.name}
                </p>
                <p id={hintId} className="text-muted-foreground text-sm">
                  {file.type || 'image'} · {formatBytes(file.size)}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Button variant="outline" size="sm" onClick={remove}>
                  <Trash2Icon aria-hidden="true" />
                  {REMOVE_LABEL}
                </Button>
                <p className="text-muted-foreground text-xs">or drop another image here to replace it.</p>
              </div>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-full border bg-background shadow-xs">
              {dragging ? (
                <ImageUpIcon className="size-5 text-brand" aria-hidden="true" />
              ) : (
                <ImageIcon className="size-5 text-muted-foreground" aria-hidden="true" />
              )}
            </span>
            <div className="flex flex-col gap-1">
              <h3 id={headingId} className="font-semibold text-base">
                {UPLOAD_HEADING}
              </h3>
              <p id={hintId} className="max-w-sm text-muted-foreground text-sm">
                {hint}
              </p>
            </div>
            {/* The attribute lets the picker open before hydration too (lib/early-actions.ts). */}
            <Button
              ref={selectRef}
              variant="outline"
              onClick={openPicker}
              {...{ [FILE_INPUT_ATTRIBUTE]: inputId }}
            >
              {SELECT_FILE_LABEL}
            </Button>
          </div>
        )}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const input = event.currentTarget;
            upload.choose(Array.from(input.files ?? []));
            // Cleared, so that choosing the same file again still counts as a choice.
            input.value = '';
          }}
        />
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className="font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
