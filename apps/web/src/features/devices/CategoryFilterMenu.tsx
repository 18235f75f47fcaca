import { useState } from 'react';
import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { updateDeviceFilters, useDeviceFilters } from '../../state/deviceFilters.ts';
import { CategoryIcon } from './CategoryIcon.tsx';

/** Spec §4 "hide by category": the categories of the fleet, each shown or hidden on the list and the map. */
export function CategoryFilterMenu({ categories }: { categories: ReadonlyMap<string, number> }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { hiddenCategories } = useDeviceFilters();
  const toggle = (category: string) =>
    updateDeviceFilters({
      hiddenCategories: hiddenCategories.includes(category)
        ? hiddenCategories.filter((hidden) => hidden !== category)
        : [...hiddenCategories, category],
    });

  return (
    <>
      <Tooltip title={t('devices.categories.title')}>
        <IconButton aria-label={t('devices.categories.title')} data-testid="category-menu" onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge color="secondary" variant="dot" invisible={hiddenCategories.length === 0}>
            <FilterListIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { dense: true } }}>
        <ListSubheader>{t('devices.categories.shown')}</ListSubheader>
        {[...categories].map(([category, count]) => (
          <MenuItem key={category} data-testid={`category-${category}`} onClick={() => toggle(category)}>
            <Checkbox size="small" edge="start" checked={!hiddenCategories.includes(category)} tabIndex={-1} disableRipple />
            <ListItemIcon>
              <CategoryIcon category={category} fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(`categories.${category}`, { defaultValue: category })} secondary={count} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
