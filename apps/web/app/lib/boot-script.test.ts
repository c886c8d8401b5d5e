import { afterEach, describe, expect, it } from 'vitest';
import { shellVisibility } from '~/components/layout/app-shell';
import { bootScript, HEADER_ATTRIBUTE } from './boot-script';

// Theme and sidebar cases of the boot script are tested with their state modules (theme.test.ts,
// sidebar-state.test.ts).
describe('boot script: the header under /account', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    document.documentElement.removeAttribute(HEADER_ATTRIBUTE);
  });

  it.each(['/account', '/account/settings', '/accounts', '/', '/docs/api', '/about/account'])(
    'marks the header hidden at %s exactly when the shell hides it',
    (path) => {
      window.history.replaceState(null, '', path);
      new Function(bootScript)();
      const hidden = document.documentElement.getAttribute(HEADER_ATTRIBUTE) === 'hidden';
      expect(hidden).toBe(!shellVisibility(path).header);
    },
  );
});
