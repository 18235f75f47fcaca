import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ADVANCED_PERMISSIONS_KEY, type Attributes } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import { GRID_ACTIONS, GRID_ROWS, bitSet, toggleBit } from './permissionGrid.ts';

interface PermissionGridProps {
  attributes: Attributes;
  onChange: (attributes: Attributes) => void;
  /** The editor's own mask; null for an administrator, who may grant anything. */
  grantor: unknown;
}

/**
 * Areas × actions, editing the 32-hex-digit `tarkan.advancedPerms` attribute. A manager grants
 * only bits he holds himself (the server drops any other): a bit he lacks can be cleared, not set.
 */
export function PermissionGrid({ attributes, onChange, grantor }: PermissionGridProps) {
  const { t } = useTranslation();
  const value = attributes[ADVANCED_PERMISSIONS_KEY];
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" padding="none" data-testid="permission-grid">
        <TableHead>
          <TableRow>
            <TableCell />
            {GRID_ACTIONS.map((action) => (
              <TableCell key={action} align="center" sx={{ fontSize: 11, px: 0.5 }}>
                {t(`users.actions.${action}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {GRID_ROWS.map(({ row, cells }) => (
            <TableRow key={row}>
              <TableCell sx={{ pr: 1, whiteSpace: 'nowrap' }}>{t(`users.areas.${row}`)}</TableCell>
              {GRID_ACTIONS.map((action) => {
                const bit = cells[action];
                return (
                  <TableCell key={action} align="center">
                    {bit !== undefined && (
                      <Checkbox
                        size="small"
                        checked={bitSet(value, bit)}
                        disabled={grantor !== null && !bitSet(grantor, bit) && !bitSet(value, bit)}
                        onChange={(event) => onChange({ ...attributes, [ADVANCED_PERMISSIONS_KEY]: toggleBit(value, bit, event.target.checked) })}
                        slotProps={{ input: { 'aria-label': `${t(`users.areas.${row}`)}: ${t(`users.actions.${action}`)}` } }}
                      />
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
