import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { StateList, type ListState } from './StateList.tsx';

interface SearchListProps extends Partial<ListState> {
  search: string;
  onSearch: (text: string) => void;
  /** Between the search field and the list (a page's own buttons). */
  header?: ReactNode;
  listTestId: string;
  /** The rows. */
  children: ReactNode;
}

/** A panel's list with its search field above, the list scrolling under it. */
export function SearchList({ search, onSearch, header, error = null, empty = null, listTestId, children }: SearchListProps) {
  const { t } = useTranslation();
  return (
    <>
      <Box sx={{ p: 1, flexShrink: 0 }}>
        <TextField size="small" fullWidth placeholder={t('entity.search')} value={search} onChange={(event) => onSearch(event.target.value)} slotProps={{ htmlInput: { 'aria-label': t('entity.search') } }} />
      </Box>
      {header}
      <StateList error={error} empty={empty} listTestId={listTestId}>
        {children}
      </StateList>
    </>
  );
}
