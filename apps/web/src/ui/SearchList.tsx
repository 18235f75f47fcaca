import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface SearchListProps {
  search: string;
  onSearch: (text: string) => void;
  /** Between the search field and the list (a page's own buttons). */
  header?: ReactNode;
  /** Why there is no list, in words; null while there is none to tell. */
  error?: string | null;
  /** Shown when the list is known to be empty (nothing there, or nothing found); null otherwise. */
  empty: { text: string; testId: string } | null;
  listTestId: string;
  /** The rows. */
  children: ReactNode;
}

/** A panel's list with its search field above, the list scrolling under it. */
export function SearchList({ search, onSearch, header, error, empty, listTestId, children }: SearchListProps) {
  const { t } = useTranslation();
  return (
    <>
      <Box sx={{ p: 1, flexShrink: 0 }}>
        <TextField size="small" fullWidth placeholder={t('entity.search')} value={search} onChange={(event) => onSearch(event.target.value)} slotProps={{ htmlInput: { 'aria-label': t('entity.search') } }} />
      </Box>
      {header}
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
    </>
  );
}
