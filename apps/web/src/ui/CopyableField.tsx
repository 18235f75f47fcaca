import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';

interface CopyableFieldProps {
  label: string;
  value: string;
  /** The copy button's name, and its tooltip once the value is on the clipboard. */
  copyLabel: string;
  copiedLabel: string;
  'data-testid'?: string;
}

/** A read-only value (a link, a code) with a button that puts it on the clipboard. */
export function CopyableField({ label, value, copyLabel, copiedLabel, 'data-testid': testId }: CopyableFieldProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      data-testid={testId}
      slotProps={{
        htmlInput: { readOnly: true },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copied ? copiedLabel : copyLabel}>
                <IconButton edge="end" onClick={() => void copy()} aria-label={copyLabel}>
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
