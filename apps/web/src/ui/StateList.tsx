import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useErrorText } from './useErrorText.ts';

export interface ListState {
  /** Why there is no list, in words; null while there is none to tell. */
  error: string | null;
  /** Shown when the list is known to be empty (nothing there, or nothing found); null otherwise. */
  empty: { text: string; testId?: string } | null;
}

interface StateListProps extends ListState {
  listTestId: string;
  /** The rows. */
  children: ReactNode;
}

/** A panel's scrolling list, with why it could not be read or that it is empty above the rows. */
export function StateList({ error, empty, listTestId, children }: StateListProps) {
  return (
    <Box sx={{ flex: 1, overflow: 'auto' }}>
      {error && (
        <Typography color="error" sx={{ p: 2 }}>
          {error}
        </Typography>
      )}
      {empty && (
        <Typography color="text.secondary" sx={{ p: 2 }} data-testid={empty.testId}>
          {empty.text}
        </Typography>
      )}
      <List dense disablePadding data-testid={listTestId}>
        {children}
      </List>
    </Box>
  );
}

/**
 * A list's state from the query that reads it: its error in words, and `empty` once it has been
 * read and `shown` (the rows left after any search) is zero.
 */
export function useListState(query: { isError: boolean; isSuccess: boolean; error: unknown }, shown: number, empty: NonNullable<ListState['empty']>): ListState {
  const errorText = useErrorText();
  return { error: query.isError ? errorText(query.error) : null, empty: query.isSuccess && shown === 0 ? empty : null };
}
