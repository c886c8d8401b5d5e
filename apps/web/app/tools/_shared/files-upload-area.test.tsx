import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getTool } from '@toolkit/catalog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADD_FILES_LABEL, FilesUploadArea, REMOVE_ALL_LABEL } from './files-upload-area';
import { INVALID_IMAGE_MESSAGE } from './input-kinds';
import { imageFile, renderWithProviders, stubObjectUrls, textFile } from './test-utils';
import { SELECT_FILE_LABEL } from './upload-area';
import { type FilesUpload, missingFilesMessage, useFilesUpload } from './use-files-upload';

const combine = getTool('combine-images').api.input;
let latest: FilesUpload | undefined;

function Harness() {
  const upload = useFilesUpload(combine);
  latest = upload;
  return <FilesUploadArea upload={upload} hint="Upload 2 to 10 images to combine." />;
}

const fileInput = (container: HTMLElement) =>
  container.querySelector('input[type="file"]') as HTMLInputElement;
const sized = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const names = () =>
  within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('[title]')?.getAttribute('title'));

beforeEach(() => {
  stubObjectUrls();
  latest = undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('several-files upload area', () => {
  it('starts empty with the heading, hint and a picker that takes several images', () => {
    const { container } = render(<Harness />);
    expect(screen.getByText('Upload 2 to 10 images to combine.')).toBeTruthy();
    expect(screen.getByRole('button', { name: SELECT_FILE_LABEL })).toBeTruthy();
    expect(fileInput(container).multiple).toBe(true);
    expect(fileInput(container).accept).toBe('image/*');
  });

  it('lists the files in order with their sizes and the total', async () => {
    const { container } = render(<Harness />);
    await userEvent.upload(fileInput(container), [sized('a.png', 2048), sized('b.png', 1024)]);
    expect(names()).toEqual(['a.png', 'b.png']);
    expect(screen.getByText('2 KB')).toBeTruthy();
    expect(screen.getByText('1 KB')).toBeTruthy();
    expect(screen.getByText(/3 KB in all/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2 of at most 10 images' })).toBeTruthy();
  });

  it('moves files up and down, keeps focus on the moved file, and sends them in the shown order', async () => {
    const { container } = render(<Harness />);
    await userEvent.upload(fileInput(container), [sized('a.png', 1), sized('b.png', 2), sized('c.png', 3)]);
    const first = screen.getByRole('button', { name: 'Move a.png up' });
    expect(first.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Move c.png down' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Move a.png down' }));
    expect(names()).toEqual(['b.png', 'a.png', 'c.png']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move a.png down' }));
    expect(screen.getByRole('status').textContent).toBe('a.png moved to position 2 of 3.');

    await userEvent.click(screen.getByRole('button', { name: 'Move c.png up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move c.png up' }));
    expect(names()).toEqual(['c.png', 'b.png', 'a.png']);
    // At the top 'up' is disabled: the focus moves to the same file's 'down'.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move c.png down' }));
    expect(latest?.take()?.files.map((file) => file.name)).toEqual(['c.png', 'b.png', 'a.png']);
  });

  it('removes a file (focus goes to the next one) and removes all (focus goes to Select file)', async () => {
    const { container } = render(<Harness />);
    await userEvent.upload(fileInput(container), [sized('a.png', 1), sized('b.png', 2)]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(names()).toEqual(['b.png']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove b.png' }));
    await userEvent.click(screen.getByRole('button', { name: REMOVE_ALL_LABEL }));
    expect(screen.queryByRole('list')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: SELECT_FILE_LABEL }));
  });

  it('leaves out files that are not images and those beyond the maximum, saying so', async () => {
    const { container } = render(<Harness />);
    const eleven = Array.from({ length: 11 }, (_, index) => imageFile(`${index + 1}.png`));
    await userEvent.upload(fileInput(container), [textFile(), ...eleven], { applyAccept: false });
    expect(names()).toHaveLength(10);
    expect(screen.getByRole('alert').textContent).toBe(
      `${INVALID_IMAGE_MESSAGE} At most 10 images: 1 was left out.`,
    );
    expect(screen.getByRole('button', { name: ADD_FILES_LABEL }).hasAttribute('disabled')).toBe(true);
  });

  it("asks for the catalog's minimum before sending", async () => {
    const { container } = renderWithProviders(<Harness />);
    await userEvent.upload(fileInput(container), [imageFile('only.png')]);
    expect(latest?.take()).toBeNull();
    expect(await screen.findByText('Please add at least 2 images before submitting.')).toBeTruthy();
    expect(missingFilesMessage('file', 1)).toBe('Please add a file before submitting.');
  });
});
