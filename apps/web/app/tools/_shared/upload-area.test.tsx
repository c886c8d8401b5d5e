import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getTool } from '@toolkit/catalog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID_IMAGE_MESSAGE } from './input-kinds';
import { imageFile, stubObjectUrls, textFile } from './test-utils';
import { REMOVE_LABEL, SELECT_FILE_LABEL, UPLOAD_HEADING, UploadArea } from './upload-area';
import { useFileUpload } from './use-file-upload';

function Harness({ onChange }: { onChange?: (file: File | null) => void }) {
  const upload = useFileUpload(getTool('resize-image').api.input, onChange);
  return <UploadArea upload={upload} hint="Upload an image to test." />;
}

const fileInput = (container: HTMLElement) => {
  const input = container.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('No file input.');
  return input;
};

/** A drop of files on an element, as the browser dispatches it. */
function drop(target: Element, ...files: File[]) {
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  urls = stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('upload area', () => {
  it('starts empty: the heading, the hint and a Select file button limited to images', () => {
    const { container } = render(<Harness />);
    expect(screen.getByRole('heading', { name: UPLOAD_HEADING })).toBeTruthy();
    expect(screen.getByText('Upload an image to test.')).toBeTruthy();
    expect(screen.getByRole('button', { name: SELECT_FILE_LABEL })).toBeTruthy();
    expect(fileInput(container).accept).toBe('image/*');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button', { name: REMOVE_LABEL })).toBeNull();
  });

  it('Select file opens the picker', async () => {
    const { container } = render(<Harness />);
    const click = vi.spyOn(fileInput(container), 'click');
    await userEvent.click(screen.getByRole('button', { name: SELECT_FILE_LABEL }));
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('a picked image shows its preview from an object URL', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    const cat = imageFile('cat.png');
    await userEvent.upload(fileInput(container), cat);
    const preview = await screen.findByRole('img', { name: 'Preview of cat.png' });
    expect(preview.getAttribute('src')).toBe('blob:test/1');
    expect(onChange).toHaveBeenCalledWith(cat);
    expect(screen.getByText('cat.png')).toBeTruthy();
  });

  it("a file that is not an image shows 'Please upload a valid image file.' and keeps the image", async () => {
    const { container } = render(<Harness />);
    drop(screen.getByRole('group'), textFile());
    expect(screen.getByRole('alert').textContent).toBe(INVALID_IMAGE_MESSAGE);

    await userEvent.upload(fileInput(container), imageFile('first.png'));
    await screen.findByRole('img', { name: 'Preview of first.png' });
    expect(screen.queryByRole('alert')).toBeNull();

    drop(screen.getByRole('group'), textFile());
    expect(screen.getByRole('alert').textContent).toBe(INVALID_IMAGE_MESSAGE);
    expect(screen.getByRole('img', { name: 'Preview of first.png' })).toBeTruthy();
  });

  it('uses only the first of several dropped files', async () => {
    render(<Harness />);
    drop(screen.getByRole('group'), imageFile('one.webp', 'image/webp'), imageFile('two.png'));
    expect(await screen.findByRole('img', { name: 'Preview of one.webp' })).toBeTruthy();
    expect(urls.created).toHaveLength(1);
  });

  it('shows the drag-over state while files are over the zone', () => {
    render(<Harness />);
    const zone = screen.getByRole('group');
    fireEvent.dragOver(zone, { dataTransfer: { files: [], types: ['Files'] } });
    expect(zone.hasAttribute('data-dragging')).toBe(true);
    fireEvent.dragLeave(zone, { relatedTarget: document.body });
    expect(zone.hasAttribute('data-dragging')).toBe(false);
  });

  it('Remove clears the image and its preview, revokes the URL and focuses Select file', async () => {
    const onChange = vi.fn();
    const { container } = render(<Harness onChange={onChange} />);
    await userEvent.upload(fileInput(container), imageFile());
    await screen.findByRole('img');
    await userEvent.click(screen.getByRole('button', { name: REMOVE_LABEL }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(fileInput(container).files?.length ?? 0).toBe(0);
    expect(urls.live()).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: SELECT_FILE_LABEL }));
  });

  it('revokes the preview URL when the image is replaced and when the area unmounts', async () => {
    const { container, unmount } = render(<Harness />);
    await userEvent.upload(fileInput(container), imageFile('a.png'));
    await screen.findByRole('img', { name: 'Preview of a.png' });
    drop(screen.getByRole('group'), imageFile('b.png'));
    await screen.findByRole('img', { name: 'Preview of b.png' });
    expect(urls.revoked).toEqual(['blob:test/1']);
    unmount();
    expect(urls.live()).toEqual([]);
  });
});

describe('preview of a file the browser cannot draw', () => {
  it('shows a note instead of a broken image, and still counts as chosen', async () => {
    const { container } = render(<Harness />);
    await userEvent.upload(fileInput(container), imageFile('scan.tiff', 'image/tiff'));
    fireEvent.error(await screen.findByRole('img', { name: 'Preview of scan.tiff' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('This browser cannot show a preview of this file.')).toBeTruthy();
    expect(screen.getByRole('button', { name: REMOVE_LABEL })).toBeTruthy();
  });
});
