import type { ReactNode } from 'react';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import EventNoteIcon from '@mui/icons-material/EventNote';
import FenceIcon from '@mui/icons-material/Fence';
import LayersIcon from '@mui/icons-material/Layers';
import LocalParkingIcon from '@mui/icons-material/LocalParking';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import RouteIcon from '@mui/icons-material/Route';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import SummarizeIcon from '@mui/icons-material/Summarize';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH } from '../../access/guard.ts';
import { Panel } from '../../ui/Panel.tsx';
import { sharedSearch } from './filters/reportFilter.ts';
import { REPORT_PAGES, type ReportPageId } from './reportPages.ts';

const ICONS: Record<ReportPageId, ReactNode> = {
  summary: <SummarizeIcon />,
  trips: <AltRouteIcon />,
  stops: <LocalParkingIcon />,
  events: <EventNoteIcon />,
  route: <RouteIcon />,
  combined: <LayersIcon />,
  geofences: <FenceIcon />,
  graphic: <ShowChartIcon />,
  playback: <PlayCircleOutlineIcon />,
  scheduled: <ScheduleSendIcon />,
};

/** /reports: the report picker. The devices and period chosen in one report go along to the next. */
export default function ReportsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const carried = sharedSearch(search);
  const back = () => (location.key === 'default' ? navigate(HOME_PATH) : navigate(-1));

  return (
    <Panel title={t('reports.title')} onBack={back} onClose={() => navigate(HOME_PATH)}>
      <List sx={{ flex: 1, overflowY: 'auto' }} data-testid="report-picker">
        {REPORT_PAGES.map((page) => (
          <ListItemButton key={page.id} component={Link} to={`${page.path}${carried}`}>
            <ListItemIcon>{ICONS[page.id]}</ListItemIcon>
            <ListItemText primary={t(`reports.pages.${page.id}.title`)} secondary={t(`reports.pages.${page.id}.description`)} />
          </ListItemButton>
        ))}
      </List>
    </Panel>
  );
}
