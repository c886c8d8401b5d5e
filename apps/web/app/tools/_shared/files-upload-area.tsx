import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon, UploadIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { AreaError, DropZone, type DropZoneHandle, EmptyDropState, filePickerProps } from './drop-zone';
import { formatBytes } from './format';
import { checkerboard } from './image-preview';
import type { FilesUpload, ListedFile } from './use-files-upload';
import { useObjectUrl } from './use-object-url';

export const ADD_FILES_LABEL = 'Add files';
export const REMOVE_ALL_LABEL = 'Remove all';

type Action = 'up' | 'down' | 'remove';

/**
 * The several-files drop zone (combine, file compression): an ordered list with each file's size and
 * buttons to move it up or down or remove it; the order is the order sent. Keyboard focus stays on
 * the moved file's button, and a live region says where it went.
 */
export function FilesUploadArea({ upload, hint }: { upload: FilesUpload; hint: string }) {
  const zone = useRef<DropZoneHandle>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const [focusNext, setFocusNext] = useState<{ key: number; action: Action } | 'add' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputId = useId();
  const { items, profile, max, error } = upload;
  const total = items.reduce((sum, item) => sum + item.file.size, 0);
  const full = items.length >= max;

  useEffect(() => {
    if (focusNext === null) return;
    setFocusNext(null);
    if (focusNext === 'add') {
      (addRef.current ?? listRef.current?.querySelector<HTMLButtonElement>('button'))?.focus();
      return;
    }
    const row = listRef.current?.querySelector(`[data-key="${focusNext.key}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${focusNext.action}"]`);
    // At the top or bottom the button just used is disabled: the other direction takes the focus.
    const other = row?.querySelector<HTMLButtonElement>(
      `[data-action="${focusNext.action === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [focusNext]);

  const move = (item: ListedFile, by: -1 | 1) => {
    const to = items.findIndex((candidate) => candidate.key === item.key) + by + 1;
    upload.move(item.key, by);
    setAnnouncement(`${item.file.name} moved to position ${to} of ${items.length}.`);
    setFocusNext({ key: item.key, action: by < 0 ? 'up' : 'down' });
  };
  const remove = (item: ListedFile) => {
    const index = items.findIndex((candidate) => candidate.key === item.key);
    const neighbour = items[index + 1] ?? items[index - 1];
    upload.remove(item.key);
    setAnnouncement(`${item.file.name} removed.`);
    setFocusNext(neighbour ? { key: neighbour.key, action: 'remove' } : 'add');
  };

  return (
    <div className="flex flex-col gap-2">
      <DropZone
        ref={zone}
        inputId={inputId}
        accept={profile.accept}
        multiple
        onFiles={upload.add}
        filled={items.length > 0}
        error={error}
        labelledBy={headingId}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
        placeholder={<EmptyDropState icon={<UploadIcon className="size-5" />} hint={hint} />}
      >
        {(dragging) =>
          items.length === 0 ? (
            <EmptyDropState
              icon={
                <UploadIcon
                  className={dragging ? 'size-5 text-brand' : 'size-5 text-muted-foreground'}
                  aria-hidden="true"
                />
              }
              hint={hint}
              controls={{
                inputId,
                headingId,
                hintId,
                selectRef: addRef,
                onSelect: () => zone.current?.openPicker(),
              }}
            />
          ) : (
            <div className="flex flex-col gap-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h3 id={headingId} className="font-semibold text-sm">
                  {items.length} of at most {max} {profile.noun}s
                </h3>
                <p id={hintId} className="text-muted-foreground text-xs tabular-nums">
                  {formatBytes(total)} in all · sent in this order
                </p>
              </div>
              <ol ref={listRef} className="flex flex-col gap-2">
                {items.map((item, index) => (
                  <FileRow
                    key={item.key}
                    item={item}
                    position={index + 1}
                    count={items.length}
                    preview={profile.preview}
                    onMove={(by) => move(item, by)}
                    onRemove={() => remove(item)}
                  />
                ))}
              </ol>
              <div className="flex flex-wrap items-center gap-2">
                <Button
                  ref={addRef}
                  variant="outline"
                  size="sm"
                  disabled={full}
                  onClick={() => zone.current?.openPicker()}
                  {...filePickerProps(inputId)}
                >
                  <PlusIcon aria-hidden="true" />
                  {ADD_FILES_LABEL}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    upload.clear();
                    setAnnouncement('All files removed.');
                    setFocusNext('add');
                  }}
                >
                  <XIcon aria-hidden="true" />
                  {REMOVE_ALL_LABEL}
                </Button>
                <p className="text-muted-foreground text-xs">
                  {full ? `That is the most one request takes.` : `or drop more ${profile.noun}s here.`}
                </p>
              </div>
            </div>
          )
        }
      </DropZone>
      <AreaError id={errorId} message={error} />
      <span className="sr-only" role="status">
        {announcement}
      </span>
    </div>
  );
}

function FileRow({
  item,
  position,
  count,
  preview,
  onMove,
  onRemove,
}: {
  item: ListedFile;
  position: number;
  count: number;
  preview: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { file } = item;
  return (
    <li data-key={item.key} className="flex items-center gap-3 rounded-lg border bg-background p-2">
      <span
        className="w-6 shrink-0 text-center text-muted-foreground text-xs tabular-nums"
        aria-hidden="true"
      >
        {position}
      </span>
      {preview && <Thumbnail file={file} />}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm" title={file.name}>
          <span className="sr-only">
            {position} of {count}:{' '}
          </span>
          {file.name}
        </p>
        <p className="text-muted-foreground text-xs tabular-nums">{formatBytes(file.size)}</p>
      </div>
      <div className="flex shrink-0 items-center">
        <Button
          variant="ghost"
          size="icon-sm"
          data-action="up"
          disabled={position === 1}
          aria-label={`Move ${file.name} up`}
          onClick={() => onMove(-1)}
        >
          <ArrowUpIcon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          data-action="down"
          disabled={position === count}
          aria-label={`Move ${file.name} down`}
          onClick={() => onMove(1)}
        >
          <ArrowDownIcon aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          data-action="remove"
          className="text-muted-foreground hover:text-destructive"
          aria-label={`Remove ${file.name}`}
          onClick={onRemove}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

function Thumbnail({ file }: { file: File }) {
  const url = useObjectUrl(file);
  return (
    <span
      className={`flex size-10 shrink-0 items-center justify-center overflow-hidden rounded border ${checkerboard}`}
    >
      {url && <img src={url} alt="" className="max-h-full max-w-full object-contain" />}
    </span>
  );
}
