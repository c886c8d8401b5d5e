import { KeyRoundIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { apiKeyStore, useApiKey } from '~/lib/api-key';

/**
 * Shown under the authorization alert: where the visitor pastes an API key for this server. It is
 * kept in the browser and sent with every try-it request; the form's own button then tries again.
 * Not a form of its own (it sits inside the tool's form): Enter saves the key instead of submitting.
 */
export function ApiKeyField() {
  const id = useId();
  const stored = useApiKey();
  const [value, setValue] = useState('');
  const save = () => {
    if (value.trim()) apiKeyStore.set(value);
    setValue('');
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3" data-testid="api-key-field">
      <Label htmlFor={`${id}-key`} className="flex items-center gap-2">
        <KeyRoundIcon className="size-4" aria-hidden="true" />
        API key
      </Label>
      <p id={`${id}-hint`} className="text-muted-foreground text-sm">
        {stored
          ? 'A key is saved in this browser but the server did not accept it. Paste another one.'
          : 'This server asks for an API key. Paste yours: it is kept in this browser and sent with each request.'}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              save();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={save} disabled={!value.trim()}>
          Save key
        </Button>
        {stored && (
          <Button type="button" variant="ghost" onClick={apiKeyStore.clear}>
            Forget saved key
          </Button>
        )}
      </div>
    </div>
  );
}
