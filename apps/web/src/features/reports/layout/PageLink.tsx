import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Link } from 'react-router';

/** A report sheet's action that opens a sibling page (playback, chart) for the same filter. */
export function PageLink({ to, title, icon }: { to: string; title: string; icon: ReactNode }) {
  return (
    <Tooltip title={title}>
      <IconButton component={Link} to={to} aria-label={title}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
