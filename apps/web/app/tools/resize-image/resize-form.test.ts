import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  fieldAvailability,
  initialResizeValues,
  labels,
  messages,
  QUALITY_DEFAULT,
  toResizeFields,
  validateQuality,
} from './resize-form';

const values = (overrides: Partial<typeof initialResizeValues>) => ({ ...initialResizeValues, ...overrides });

describe('resize form rules', () => {
  it('start from the catalog defaults: quality 85, aspect ratio kept, sides empty', () => {
    expect(QUALITY_DEFAULT).toBe(85);
    expect(initialResizeValues).toEqual({ width: '', height: '', quality: '85', maintainAspect: true });
    expect(labels.quality).toBe('Quality (1-100)');
  });

  it('keep digits only', () => {
    expect(digitsOnly('3x0-0')).toBe('300');
    expect(digitsOnly('1.5e3')).toBe('153');
    expect(digitsOnly(' 12 ')).toBe('12');
    expect(digitsOnly('abc')).toBe('');
  });

  it('with the aspect ratio kept, one filled side disables the other', () => {
    expect(fieldAvailability(values({ width: '300' }))).toEqual({
      widthDisabled: false,
      heightDisabled: true,
      maintainAspectDisabled: false,
    });
    expect(fieldAvailability(values({ height: '200' }))).toEqual({
      widthDisabled: true,
      heightDisabled: false,
      maintainAspectDisabled: false,
    });
    expect(fieldAvailability(values({}))).toEqual({
      widthDisabled: false,
      heightDisabled: false,
      maintainAspectDisabled: false,
    });
  });

  it('with the aspect ratio off, both sides stay enabled and filling both disables the checkbox', () => {
    expect(fieldAvailability(values({ maintainAspect: false, width: '300' }))).toEqual({
      widthDisabled: false,
      heightDisabled: false,
      maintainAspectDisabled: false,
    });
    expect(fieldAvailability(values({ maintainAspect: false, width: '300', height: '200' }))).toEqual({
      widthDisabled: false,
      heightDisabled: false,
      maintainAspectDisabled: true,
    });
  });

  it("accept quality 1 to 100 only, else 'Quality must be between 1 and 100'", () => {
    expect(messages.quality).toBe('Quality must be between 1 and 100');
    for (const good of ['1', '85', '100', '007']) expect(validateQuality(good), good).toBeNull();
    for (const bad of ['0', '101', '', '999']) expect(validateQuality(bad), bad).toBe(messages.quality);
  });

  it('send numbers, the checkbox as a boolean, and leave empty sides out', () => {
    expect(toResizeFields(values({ width: '180' }))).toEqual({
      width: 180,
      height: undefined,
      maintain_aspect: true,
      quality: 85,
    });
    expect(
      toResizeFields(values({ width: '200', height: '100', maintainAspect: false, quality: '10' })),
    ).toEqual({
      width: 200,
      height: 100,
      maintain_aspect: false,
      quality: 10,
    });
  });
});
