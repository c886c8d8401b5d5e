import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fields } from '@toolkit/catalog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useToolMutation } from '~/lib/use-tool-mutation';
import { FormCard, ToolPanel } from './panel';
import { ImageResult } from './results/image-result';
import { SelectField } from './schema-fields';
import { imageFile, renderWithProviders, sentForm, stubFetch, stubObjectUrls } from './test-utils';
import { uploadHint } from './texts';
import { UploadArea } from './upload-area';
import { useFileUpload } from './use-file-upload';
import { checkedSubmit, useSchemaForm } from './use-schema-form';

/*
 * The panel of the recipe in apps/web/ARCHITECTURE.md ("How to write a new panel"), for a tool like
 * flip-image: if this stops working, the recipe is wrong.
 */

const tool = {
  api: {
    method: 'POST',
    path: '/images/flip',
    input: { kind: 'file', field: 'image', accept: ['image/png'] },
    output: 'image',
    request: z.object({
      direction: fields.oneOf('direction', ['horizontal', 'vertical', 'both']).default('horizontal'),
    }),
  },
} as const;
const texts = {
  submit: 'Flip Image',
  submitting: 'Flipping…',
  failure: 'An error occurred while flipping the image.',
};

function FlipPanel() {
  const mutation = useToolMutation(tool, { successMessage: 'Image successfully flipped.' });
  const upload = useFileUpload(tool.api.input, mutation.reset);
  const form = useSchemaForm(tool.api.request);
  const submit = checkedSubmit(form, upload.take, (input, fields) => mutation.mutate({ ...input, fields }));
  return (
    <ToolPanel endpoint={tool.api}>
      <FormCard label="Flip an image" onSubmit={submit} texts={texts} mutation={mutation}>
        <UploadArea upload={upload} hint={uploadHint('flip')} />
        <SelectField form={form} name="direction" label="Direction" />
      </FormCard>
      {mutation.data && <ImageResult result={mutation.data} original={upload.file} operation="flipped" />}
    </ToolPanel>
  );
}

beforeEach(() => {
  stubObjectUrls();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the panel recipe', () => {
  it('asks for an image, then sends it with the schema default and shows the image result', async () => {
    const requests = stubFetch(
      () =>
        new Response(new Uint8Array([1, 2, 3]), {
          headers: { 'content-type': 'image/png', 'x-image-width': '20', 'x-image-height': '10' },
        }),
    );
    const { container } = renderWithProviders(<FlipPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Flip Image' }));
    expect(await screen.findByText('Please upload an image before submitting.')).toBeTruthy();
    await userEvent.upload(
      container.querySelector('input[type="file"]') as HTMLInputElement,
      imageFile('cat.png'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Flip Image' }));
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(requests[0]?.url).toBe('/api/v1/images/flip');
    expect(
      Object.fromEntries(
        [...sentForm(requests).entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]),
      ),
    ).toEqual({
      image: 'cat.png',
      direction: 'horizontal',
    });
    expect(within(result).getByTestId('result-dimensions').textContent).toBe('20 × 10 px');
    expect(await screen.findByText('Image successfully flipped.')).toBeTruthy();
  });
});
