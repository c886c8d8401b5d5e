import { type DragEvent, type ReactNode, type RefObject, useImperativeHandle, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FILE_INPUT_ATTRIBUTE } from '~/lib/boot-script';
import { cn } from '~/lib/utils';
import { useFilesChosenEarly } from './use-early-input';

export const UPLOAD_HEADING = 'Drag & Drop or Select from File';
export const SELECT_FILE_LABEL = 'Select file';
export const REMOVE_LABEL = 'Remove';

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

export interface DropZoneHandle {
  /** Opens the browser's file chooser. */
  openPicker: () => void;
}

/**
 * The dashed zone shared by the upload areas: files dropped on it or picked through the hidden input
 * go to `onFiles`. It is a fieldset named by the area's heading, described by its hint and error.
 */
export function DropZone({
  ref,
  inputId,
  accept,
  multiple = false,
  onFiles,
  filled,
  error,
  labelledBy,
  describedBy,
  placeholder,
  children,
}: {
  ref: RefObject<DropZoneHandle | null>;
  /** Id of the hidden file input, named by the buttons that open it (see `filePickerProps`). */
  inputId: string;
  accept: string | undefined;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  /** Something is chosen: a tighter frame without the empty-state tint. */
  filled: boolean;
  error: string | null;
  labelledBy: string;
  describedBy: string;
  /**
   * The empty state, drawn invisibly under the chosen files so that the zone never gets shorter when
   * they arrive: what follows it (the submit button) stays where the visitor saw it, even when files
   * chosen before hydration appear just as the visitor clicks.
   */
  placeholder: ReactNode;
  children: (dragging: boolean) => ReactNode;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  useImperativeHandle(ref, () => ({ openPicker: () => inputRef.current?.click() }), []);
  useFilesChosenEarly(inputRef, onFiles);

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
    onFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <fieldset
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-dragging={dragging || undefined}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      {...filePickerProps(inputId)}
      className={cn(
        'relative m-0 grid min-w-0 grid-cols-1 rounded-xl border-2 border-dashed transition-colors',
        filled ? 'border-border p-3 sm:p-4' : 'border-input bg-muted/30 px-4 py-8 sm:py-10',
        'data-dragging:border-brand data-dragging:bg-brand-soft',
        error && 'border-destructive/60',
      )}
    >
      {filled && (
        // The empty state's own padding is larger than the filled frame's by py-5 (py-6 from sm).
        <div aria-hidden="true" inert className="invisible col-start-1 row-start-1 py-5 sm:py-6">
          {placeholder}
        </div>
      )}
      <div className="col-start-1 row-start-1 self-center">{children(dragging)}</div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const input = event.currentTarget;
          onFiles(Array.from(input.files ?? []));
          // Cleared, so that choosing the same file again still counts as a choice.
          input.value = '';
        }}
      />
    </fieldset>
  );
}

/**
 * Props for a button that opens the file input `inputId`, or an element that files are dropped on:
 * before hydration the boot script opens the picker itself, at once (browsers show one only shortly
 * after the click), and puts dropped files into the input (lib/early-actions.ts).
 */
export function filePickerProps(inputId: string): Record<string, string> {
  return { [FILE_INPUT_ATTRIBUTE]: inputId };
}

/** What makes the empty state work: without it, the same shape is drawn as DropZone's placeholder. */
export interface EmptyDropControls {
  /** The DropZone's input, which the Select file button opens. */
  inputId: string;
  headingId: string;
  hintId: string;
  selectRef?: RefObject<HTMLButtonElement | null>;
  onSelect: () => void;
}

/** The empty state: icon, heading, hint and the Select file button (keyboard users tab to it). */
export function EmptyDropState({
  icon,
  hint,
  controls,
}: {
  icon: ReactNode;
  hint: string;
  controls?: EmptyDropControls;
}) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span className="flex size-12 items-center justify-center rounded-full border bg-background shadow-xs">
        {icon}
      </span>
      <div className="flex flex-col gap-1">
        <h3 id={controls?.headingId} className="font-semibold text-base">
          {UPLOAD_HEADING}
        </h3>
        <p id={controls?.hintId} className="max-w-sm text-muted-foreground text-sm">
          {hint}
        </p>
      </div>
      <Button
        ref={controls?.selectRef}
        variant="outline"
        onClick={controls?.onSelect}
        {...(controls ? filePickerProps(controls.inputId) : {})}
      >
        {SELECT_FILE_LABEL}
      </Button>
    </div>
  );
}

/** An inline error under an area, announced when it appears. */
export function AreaError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="font-medium text-destructive text-sm">
      {message}
    </p>
  );
}
