import { render } from '@testing-library/react';
import { tools } from '@toolkit/catalog';
import { describe, expect, it } from 'vitest';
import { toolIcons } from './tool-icons';

// lucide's class names: 'FlipHorizontal2' → 'lucide-flip-horizontal-2'.
const kebab = (name: string) =>
  name.replace(/(?<=[a-z0-9])(?=[A-Z])|(?<=[a-z])(?=[0-9])/g, '-').toLowerCase();

describe('toolIcons', () => {
  it('draws each tool with the lucide icon its catalog entry names', () => {
    for (const tool of tools) {
      const Icon = toolIcons[tool.id];
      const { container, unmount } = render(<Icon />);
      expect(container.querySelector('svg')?.getAttribute('class'), tool.id).toContain(
        `lucide-${kebab(tool.icon)}`,
      );
      unmount();
    }
  });
});
