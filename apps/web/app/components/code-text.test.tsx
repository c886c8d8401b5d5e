import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeText } from './code-text';

describe('CodeText', () => {
  it('renders backticked spans as code and shows no backtick', () => {
    const { container } = render(
      <p>
        <CodeText text="Field delimiter: `,` `;` `|` or `tab`, e.g. `<a>`." />
      </p>,
    );
    expect([...container.querySelectorAll('code')].map((code) => code.textContent)).toEqual([
      ',',
      ';',
      '|',
      'tab',
      '<a>',
    ]);
    expect(container.textContent).toBe('Field delimiter: , ; | or tab, e.g. <a>.');
  });

  it('leaves a sentence without code as it is', () => {
    const { container } = render(
      <p>
        <CodeText text="Plain words." />
      </p>,
    );
    expect(container.querySelector('code')).toBeNull();
    expect(container.textContent).toBe('Plain words.');
  });
});
