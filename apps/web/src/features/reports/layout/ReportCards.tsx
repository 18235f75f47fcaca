import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { Column } from './columns.ts';

interface ReportCardsProps<T> {
  columns: Column<T>[];
  /** The rows of the page shown. */
  rows: readonly T[];
  /** Index of the first of them among all the rows. */
  offset: number;
  rowKey: (row: T, index: number) => string | number;
  selected?: string | number | null;
  onSelect?: (row: T, index: number) => void;
}

/** A row as a card: its title line, then each column's label over its value, two to a line; wide ones take the line. */
function Card<T>({ row, title, cells }: { row: T; title: Column<T>[]; cells: Column<T>[] }) {
  return (
    <Box sx={{ width: '100%', minWidth: 0 }}>
      {title.length > 0 && (
        <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {title.map((column, i) => (
            <Fragment key={column.id}>
              {i > 0 && ' · '}
              {column.render(row)}
            </Fragment>
          ))}
        </Typography>
      )}
      <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 2, rowGap: 0.5 }}>
        {cells.map((column) => (
          <Box key={column.id} sx={{ gridColumn: column.phone === 'wide' ? '1 / -1' : undefined, minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {column.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {column.render(row)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The report's rows on a phone: a card each, as wide as the screen, with the columns that matter
 * there (Column.phone) — a table of ten columns would need scrolling sideways. A choosable row is
 * a button, as its table row is.
 */
export function ReportCards<T>({ columns, rows, offset, rowKey, selected, onSelect }: ReportCardsProps<T>) {
  const marked = columns.some((column) => column.phone === 'title');
  // without a title column the first one heads the card
  const title = marked ? columns.filter((column) => column.phone === 'title') : columns.slice(0, 1);
  const cells = columns.filter((column) => column.phone !== 'hide' && !title.includes(column));
  const card = (row: T): ReactNode => <Card row={row} title={title} cells={cells} />;

  return (
    <List disablePadding sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' }} data-testid="report-cards">
      {rows.map((row, i) => {
        const index = offset + i;
        const key = rowKey(row, index);
        return onSelect ? (
          <ListItemButton key={key} divider selected={key === selected} onClick={() => onSelect(row, index)} data-testid="report-row">
            {card(row)}
          </ListItemButton>
        ) : (
          <ListItem key={key} divider data-testid="report-row">
            {card(row)}
          </ListItem>
        );
      })}
    </List>
  );
}
