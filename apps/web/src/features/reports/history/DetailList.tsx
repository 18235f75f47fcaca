import { Fragment, type ReactNode } from 'react';
import Typography from '@mui/material/Typography';

/** Label/value pairs in two columns. */
export function DetailList({ items, testId }: { items: [label: string, value: ReactNode][]; testId?: string }) {
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px' }} data-testid={testId}>
      {items.map(([label, value]) => (
        <Fragment key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Fragment>
      ))}
    </dl>
  );
}
