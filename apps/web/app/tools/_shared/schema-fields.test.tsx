import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resizeRequest, thumbnailRequest } from '@toolkit/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckboxField, NumberField, SelectField } from './schema-fields';
import { renderWithProviders } from './test-utils';
import { type SchemaForm, useSchemaForm } from './use-schema-form';

let form: SchemaForm | undefined;

// Radix Select calls pointer-capture and scrolling APIs jsdom does not have.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

function Thumbnail() {
  const state = useSchemaForm(thumbnailRequest);
  form = state as unknown as SchemaForm;
  return (
    <>
      <NumberField form={state} name="quality" label="Quality" />
      <SelectField
        form={state}
        name="format"
        label="Format"
        defaultLabel="Same as input"
        optionLabels={{ webp: 'WebP' }}
      />
      <CheckboxField form={state} name="keep_metadata" label="Keep metadata" help="" />
    </>
  );
}

function Resize() {
  const state = useSchemaForm(resizeRequest, { quality: '70' });
  form = state as unknown as SchemaForm;
  return <NumberField form={state} name="width" label="Width" help="" />;
}

describe('schema-bound fields', () => {
  it("start at the schema's defaults, with its description as help", () => {
    renderWithProviders(<Thumbnail />);
    const quality = screen.getByLabelText('Quality') as HTMLInputElement;
    expect(quality.value).toBe('85');
    expect(screen.getByText('Encoder quality for lossy formats (1–100).').id).toBe(
      quality.getAttribute('aria-describedby'),
    );
    expect(screen.getByRole('combobox', { name: 'Format' }).textContent).toBe('Same as input');
    expect(form?.fields()).toEqual({ size: 'small', crop: 'centre', quality: '85', keep_metadata: false });
  });

  it("show the schema's own sentence for a bad value on blur, and drop it once the value is right", async () => {
    renderWithProviders(<Thumbnail />);
    const quality = screen.getByLabelText('Quality');
    await userEvent.clear(quality);
    await userEvent.type(quality, '0');
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe('quality must be a whole number between 1 and 100.');
    expect(quality.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(quality, '5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('send a chosen enum value and a ticked box; the default choice leaves the field out', async () => {
    renderWithProviders(<Thumbnail />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Format' }));
    await userEvent.click(await screen.findByRole('option', { name: 'WebP' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep metadata' }));
    expect(form?.fields()).toMatchObject({ format: 'webp', keep_metadata: true });
  });

  it('check rules across fields with the schema too (resize needs a width, a height or a size)', async () => {
    renderWithProviders(<Resize />);
    expect(form?.values).toMatchObject({ quality: '70', maintain_aspect: true });
    let valid = true;
    act(() => {
      valid = form?.validate() ?? true;
    });
    expect(valid).toBe(false);
    expect(await screen.findByText('Give at least one of width, height or size.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Width'), '300');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(form?.fields()).toMatchObject({ width: '300', quality: '70' });
  });
});
