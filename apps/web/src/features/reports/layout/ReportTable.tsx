import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { ReportCards } from './ReportCards.tsx';
import type { Column } from './columns.ts';

export type { Column };

interface ReportTableProps<T> {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  /** Key of the row drawn on the map. */
  selected?: string | number | null;
  onSelect?: (row: T, index: number) => void;
}

const PAGE_SIZES = [50, 100, 500];

/**
 * A report table with a sticky header; on a phone, a card per row instead, so nothing needs
 * scrolling sideways. Rows are paged: a route of 50 000 positions would otherwise be 50 000 rows
 * in the page.
 */
export function ReportTable<T>({ columns, rows, rowKey, selected, onSelect }: ReportTableProps<T>) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[1]);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const start = current * pageSize;

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
      {phone ? (
        <ReportCards columns={columns} rows={rows.slice(start, start + pageSize)} offset={start} rowKey={rowKey} selected={selected} onSelect={onSelect} />
      ) : (
        <TableContainer sx={{ flex: 1, minHeight: 0 }}>
          <Table size="small" stickyHeader data-testid="report-table">
            <TableHead>
              <TableRow>
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(start, start + pageSize).map((row, offset) => {
                const index = start + offset;
                const key = rowKey(row, index);
                const choose = onSelect && (() => onSelect(row, index));
                return (
                  <TableRow
                    key={key}
                    hover={choose !== undefined}
                    selected={key === selected}
                    onClick={choose}
                    // rows that draw on the map are reachable from the keyboard too
                    tabIndex={choose ? 0 : undefined}
                    onKeyDown={choose && ((event: KeyboardEvent) => {
                      if (event.key !== 'Enter' && event.key !== ' ') return;
                      event.preventDefault();
                      choose();
                    })}
                    sx={choose && { cursor: 'pointer' }}
                    data-testid="report-row"
                  >
                    {columns.map((column) => (
                      <TableCell key={column.id} align={column.align} sx={{ whiteSpace: 'nowrap' }}>
                        {column.render(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {rows.length > PAGE_SIZES[0] && (
        <TablePagination
          component="div"
          count={rows.length}
          page={current}
          rowsPerPage={pageSize}
          // a phone has no room for the size choice beside the page buttons
          rowsPerPageOptions={phone ? [] : PAGE_SIZES}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('reports.table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('reports.table.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) => t(`reports.table.${type}Page`)}
          sx={{ borderTop: 1, borderColor: 'divider', flexShrink: 0 }}
        />
      )}
    </Box>
  );
}
