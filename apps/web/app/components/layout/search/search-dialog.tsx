import { CornerDownLeftIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '~/components/ui/command';
import { searchEntries } from '~/lib/catalog';
import { searchScore } from '~/lib/search-filter';
import { toolIcons } from '../tool-icons';

/** Ctrl/Cmd+K: every documentation page under 'API Endpoints'; choosing one navigates and closes. */
export default function SearchDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  return (
    <CommandDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Search documentation"
      description="Find an API endpoint by name or keyword."
      filter={searchScore}
    >
      <CommandInput placeholder="Search docs..." />
      {/* Outside the list: a listbox may hold only options and groups (axe aria-required-children). */}
      <CommandEmpty>No results found.</CommandEmpty>
      <CommandList>
        <CommandGroup heading="API Endpoints">
          {searchEntries.map((entry) => {
            const Icon = toolIcons[entry.id];
            return (
              <CommandItem
                key={entry.id}
                value={entry.title}
                keywords={entry.keywords}
                onSelect={() => {
                  onOpenChange(false);
                  void navigate(entry.path);
                }}
                className="group"
              >
                <Icon aria-hidden="true" />
                <span className="truncate">{entry.title}</span>
                <span className="ml-auto hidden truncate font-mono text-muted-foreground text-xs sm:inline">
                  {entry.path}
                </span>
                <CornerDownLeftIcon
                  className="hidden size-3.5 group-data-[selected=true]:block"
                  aria-hidden="true"
                />
              </CommandItem>
            );
          })}
        </CommandGroup>
      </CommandList>
    </CommandDialog>
  );
}
