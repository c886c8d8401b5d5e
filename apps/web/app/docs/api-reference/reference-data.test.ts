import { getTool, liveTools, resizeRequest, schemaFields } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import { allowedValues, errorDocs, requestFields, responseDoc } from './reference-data';

describe('parameter table from the catalog schema', () => {
  it('lists the upload first, then every schema field in order', () => {
    expect(requestFields(getTool('resize-image')).map((field) => field.name)).toEqual([
      'image',
      ...Object.keys(resizeRequest.shape),
    ]);
    expect(requestFields(getTool('image-base64')).map((field) => field.name)).toEqual(['image']);
  });

  it('gives each field its type, bounds, allowed values, default and description', () => {
    const rows = Object.fromEntries(
      requestFields(getTool('resize-image')).map((field) => [field.name, field]),
    );
    expect(rows.image).toMatchObject({ type: 'file', required: true });
    expect(rows.image?.description).toContain('up to 10 MB');
    expect(rows.width).toMatchObject({ type: 'integer', required: false, minimum: 1, maximum: 4096 });
    expect(rows.width?.defaultValue).toBeUndefined();
    expect(rows.width?.description).toBe('Target width in pixels (1–4096).');
    expect(rows.quality).toMatchObject({ type: 'integer', defaultValue: 85, minimum: 1, maximum: 100 });
    // Form booleans are documented as booleans, with the default the converter leaves out.
    expect(rows.maintain_aspect).toMatchObject({ type: 'boolean', defaultValue: true });
    expect(rows.format).toMatchObject({ type: 'string', values: ['jpeg', 'png', 'webp', 'avif'] });
    expect(allowedValues(rows.format ?? (undefined as never))).toEqual(['jpeg', 'png', 'webp', 'avif']);
    expect(allowedValues(rows.width ?? (undefined as never))).toEqual(['1–4096']);
    expect(allowedValues(rows.keep_metadata ?? (undefined as never))).toEqual(['true', 'false']);
    expect(allowedValues(rows.image ?? (undefined as never))).toEqual([]);
  });

  it('documents the thumbnail defaults', () => {
    const rows = Object.fromEntries(requestFields(getTool('thumbnail-generator')).map((f) => [f.name, f]));
    expect(rows.size).toMatchObject({ defaultValue: 'small', values: ['small', 'medium', 'large'] });
    expect(rows.crop?.defaultValue).toBe('centre');
  });

  it('documents response members without the meaningless safe-integer bounds', () => {
    const base64 = getTool('image-base64');
    const members = schemaFields(base64.api.responseData, 'output');
    expect(members.map((field) => field.name)).toEqual([
      'base64',
      'dataUri',
      'cssUrl',
      'mimeType',
      'bytes',
      'width',
      'height',
    ]);
    expect(members.find((field) => field.name === 'bytes')).toMatchObject({
      type: 'integer',
      required: true,
      minimum: undefined,
      maximum: undefined,
    });
  });
});

describe('response and errors', () => {
  it('lists the image headers for binary results and the data members for JSON ones', () => {
    const image = responseDoc(getTool('resize-image'));
    expect(image.headers.map((header) => header.name)).toEqual([
      'Content-Disposition',
      'Server-Timing',
      'X-Request-Id',
      'X-Image-Width',
      'X-Image-Height',
      'X-Original-Size',
      'X-Output-Size',
    ]);
    expect(image.mediaTypes).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/avif',
      'image/gif',
      'image/tiff',
    ]);
    expect(image.dataFields).toEqual([]);
    const json = responseDoc(getTool('image-base64'));
    expect(json.mediaTypes).toEqual(['application/json']);
    expect(json.dataFields.map((field) => field.name)).toContain('cssUrl');
  });

  it("takes statuses from the catalog's errorCodes, sorted, and only where they apply", () => {
    const resize = errorDocs(getTool('resize-image'));
    expect(resize.map((error) => [error.status, error.code])).toEqual([
      [400, 'VALIDATION_ERROR'],
      [400, 'MISSING_FILE'],
      [400, 'MALFORMED_REQUEST'],
      [401, 'UNAUTHORIZED'],
      [408, 'REQUEST_TIMEOUT'],
      [413, 'PAYLOAD_TOO_LARGE'],
      [413, 'IMAGE_TOO_LARGE'],
      [415, 'UNSUPPORTED_MEDIA_TYPE'],
      [422, 'UNPROCESSABLE_FILE'],
      [429, 'RATE_LIMITED'],
      [500, 'INTERNAL_ERROR'],
      [503, 'OVERLOADED'],
      [503, 'TIMEOUT'],
    ]);
    expect(resize.find((error) => error.code === 'IMAGE_TOO_LARGE')?.when).toBe(
      'The decoded image has more than 50 megapixels.',
    );
    // Image to Base64 has no fields, so no field can be invalid.
    expect(errorDocs(getTool('image-base64')).map((error) => error.code)).not.toContain('VALIDATION_ERROR');
    for (const tool of liveTools) {
      for (const error of errorDocs(tool)) expect(error.when.length, error.code).toBeGreaterThan(10);
    }
  });
});
