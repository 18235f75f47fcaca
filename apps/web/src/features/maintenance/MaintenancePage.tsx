import { useTranslation } from 'react-i18next';
import { maintenanceApi, type Maintenance } from '../../api/entities.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';
import type { FieldSpec } from '../../ui/entity/fields.ts';

/** Wire units: metres for totalDistance, milliseconds for hours; the form shows km and hours. */
const SCALES = { totalDistance: 1 / 1000, hours: 1 / 3_600_000 } as const;
type MaintenanceType = keyof typeof SCALES;
const TYPES = Object.keys(SCALES) as MaintenanceType[];

export default function MaintenancePage() {
  const { t } = useTranslation();
  const unit = (type: MaintenanceType) => t(`maintenances.unit.${type}`);
  // one start and one cycle field per type, so each shows its own unit
  const scaled = (path: 'start' | 'period'): FieldSpec<Maintenance>[] =>
    TYPES.map((type) => ({
      path, kind: 'number', required: true, scale: SCALES[type],
      label: `${t(`maintenances.${path}`)} (${unit(type)})`,
      visible: (item) => item.type === type,
    }));
  const description: EntityDescription<Maintenance> = {
    area: 'maintenance',
    title: t('maintenances.title'),
    newTitle: t('maintenances.new'),
    editTitle: t('maintenances.edit'),
    api: maintenanceApi,
    blank: () => ({ id: 0, name: '', type: 'totalDistance', start: 0, period: 10_000_000, attributes: {} }),
    primary: (item) => item.name,
    secondary: (item) => {
      const type = item.type as MaintenanceType;
      if (!(type in SCALES)) return item.type;
      const show = (value: number) => `${Math.round(value * SCALES[type] * 100) / 100} ${unit(type)}`;
      return t('maintenances.summary', { type: t(`maintenances.types.${type}`), start: show(item.start), period: show(item.period) });
    },
    fields: [
      { path: 'name', label: t('maintenances.name'), kind: 'text', required: true },
      { path: 'type', label: t('maintenances.type'), kind: 'select', required: true, options: TYPES.map((type) => ({ value: type, label: t(`maintenances.types.${type}`) })) },
      ...scaled('start'),
      ...scaled('period'),
    ],
  };
  return <EntityListPage description={description} />;
}
