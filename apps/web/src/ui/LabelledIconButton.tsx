import type { ReactNode } from 'react';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

interface LabelledIconButtonProps extends Pick<IconButtonProps, 'edge' | 'color' | 'size'> {
  /** What the button does: shown as its tooltip and read out as its name. */
  label: string;
  icon: ReactNode;
  onClick: () => void;
  testId?: string;
}

/** An icon-only button; an icon alone says nothing to a screen reader or a new user, so the label is both its tooltip and its name. */
export function LabelledIconButton({ label, icon, onClick, testId, ...button }: LabelledIconButtonProps) {
  return (
    <Tooltip title={label}>
      <IconButton {...button} onClick={onClick} aria-label={label} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
