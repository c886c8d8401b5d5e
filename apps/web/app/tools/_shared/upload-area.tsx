import { ImageUpIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { AreaError, DropZone, type DropZoneHandle, EmptyDropState, REMOVE_LABEL } from './drop-zone';
import { formatBytes } from './format';
import { ImagePreview } from './image-preview';
import type { FileUpload } from './use-file-upload';

export { REMOVE_LABEL, SELECT_FILE_LABEL, UPLOAD_HEADING } from './drop-zone';

/**
 * The single-file drop zone: drop a file on it or pick one with 'Select file'. Once a file is chosen
 * it shows the file (an image's preview) and 'Remove'; dropping another file replaces it. Only the
 * first file of a drop or a pick is used.
 */
export function UploadArea({ upload, hint }: { upload: FileUpload; hint: string }) {
  const zone = useRef<DropZoneHandle>(null);
  const selectRef = useRef<HTMLButtonElement>(null);
  const focusSelectNext = useRef(false);
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputId = useId();
  const { file, previewUrl, error, profile } = upload;
  const Icon = profile.icon;
  const DropIcon = profile.preview ? ImageUpIcon : UploadIcon;

  const remove = () => {
    // The Remove button disappears with the file: keyboard focus moves to 'Select file' instead.
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
      <DropZone
        ref={zone}
        inputId={inputId}
        accept={profile.accept}
        onFiles={upload.choose}
        filled={file !== null}
        error={error}
        labelledBy={headingId}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
        placeholder={<EmptyDropState icon={<Icon className="size-5" />} hint={hint} />}
      >
        {(dragging) =>
          file ? (
            // Side by side on a phone too, a smaller preview: within the empty state's height, so
            // choosing a file (shown only once the page hydrates) does not push Submit down.
            <div className="flex items-center gap-3 sm:gap-4">
              {profile.preview ? (
                previewUrl && (
                  <ImagePreview url={previewUrl} name={file.name} className="size-28 sm:h-40 sm:w-56" />
                )
              ) : (
                <span className="flex size-14 shrink-0 items-center justify-center rounded-lg border bg-muted/40">
                  <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
                </span>
              )}
              <div className="flex min-w-0 flex-1 flex-col gap-3">
                <div className="min-w-0">
                  <p id={headingId} className="truncate font-medium text-sm" title={file.name}>
                    {file.name}
                  </p>
                  <p id={hintId} className="text-muted-foreground text-sm">
                    {file.type || profile.noun} · {formatBytes(file.size)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Button variant="outline" size="sm" onClick={remove}>
                    <Trash2Icon aria-hidden="true" />
                    {REMOVE_LABEL}
                  </Button>
                  <p className="text-muted-foreground text-xs">
                    or drop another {profile.noun} here to replace it.
                  </p>
                </div>
              </div>
            </div>
          ) : (
            <EmptyDropState
              icon={
                dragging ? (
                  <DropIcon className="size-5 text-brand" aria-hidden="true" />
                ) : (
                  <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
                )
              }
              hint={hint}
              controls={{ inputId, headingId, hintId, selectRef, onSelect: () => zone.current?.openPicker() }}
            />
          )
        }
      </DropZone>
      <AreaError id={errorId} message={error} />
    </div>
  );
}
