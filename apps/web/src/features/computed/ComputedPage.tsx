import { useTranslation } from 'react-i18next';
import { computedApi, type ComputedAttribute } from '../../api/entities.ts';
import { nameOf } from '../../i18n/names.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';
import { TestOnDevice } from './TestOnDevice.tsx';

/** Spec §3 output types as the UI names them, and their wire values. */
const OUTPUT_TYPES = { string: 'text', number: 'numeric', boolean: 'logical' } as const;

export default function ComputedPage() {
  const { t, i18n } = useTranslation();
  const description: EntityDescription<ComputedAttribute> = {
    area: 'attributes',
    title: t('computed.title'),
    newTitle: t('computed.new'),
    editTitle: t('computed.edit'),
    api: computedApi,
    blank: () => ({ id: 0, description: '', attribute: '', expression: '', type: 'string' }),
    primary: (item) => item.description || nameOf(i18n, 'attribute', item.attribute),
    secondary: (item) => `${item.attribute} = ${item.expression}`,
    fields: [
      { path: 'description', label: t('computed.description'), kind: 'text', required: true },
      { path: 'attribute', label: t('computed.attribute'), kind: 'text', required: true, helper: t('computed.attributeHelp') },
      { path: 'expression', label: t('computed.expression'), kind: 'multiline', required: true, helper: t('computed.expressionHelp') },
      {
        path: 'type', label: t('computed.type'), kind: 'select', required: true,
        options: Object.entries(OUTPUT_TYPES).map(([value, name]) => ({ value, label: t(`computed.types.${name}`) })),
      },
      { path: 'test', label: t('computed.test'), kind: 'custom', section: t('computed.testSection'), render: (item) => <TestOnDevice attribute={item} /> },
    ],
  };
  return <EntityListPage description={description} />;
}
