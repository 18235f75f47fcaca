import { useState } from 'react';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import SortIcon from '@mui/icons-material/Sort';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { SORT_KEYS } from './deviceSort.ts';
import { sortBy, useDeviceSort } from './sortState.ts';

/** Spec §4: eight sorting keys; the current one shows its direction and flips when picked again. */
export function SortMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const sort = useDeviceSort();
  return (
    <>
      <Tooltip title={t('devices.sort.title')}>
        <IconButton aria-label={t('devices.sort.title')} data-testid="sort-menu" onClick={(event) => setAnchor(event.currentTarget)}>
          <SortIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SORT_KEYS.map((key) => {
          const current = sort.key === key;
          return (
            <MenuItem key={key} selected={current} data-testid={`sort-${key}`} onClick={() => sortBy(key)}>
              <ListItemIcon>
                {current && (sort.direction === 'asc' ? <ArrowUpwardIcon fontSize="small" titleAccess={t('devices.sort.asc')} /> : <ArrowDownwardIcon fontSize="small" titleAccess={t('devices.sort.desc')} />)}
              </ListItemIcon>
              <ListItemText>{t(`devices.sort.${key}`)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
