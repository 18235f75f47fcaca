import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { EntityApi } from '../../api/entities.ts';
import { isSoftDeleted } from '../../api/devices.ts';
import { useDevices } from '../../api/queries.ts';
import { shareLink } from '../../api/shares.ts';
import { sharesApi, type Share } from '../../api/tarkan.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';
import { useNotice } from '../../ui/useNotice.tsx';

const DAY_MS = 86_400_000;

const api: EntityApi<Share> = {
  key: 'shares',
  list: () => sharesApi.list(),
  save: (share) => (share.id > 0 ? sharesApi.update(share, new Date(share.expiration)) : sharesApi.create(share.deviceId, new Date(share.expiration))),
  remove: (id) => sharesApi.remove(id),
};

/** Temporary links to one device (plus licence): create, change expiry, copy, revoke. */
export default function SharesPage() {
  const { t } = useTranslation();
  const [notice, showNotice] = useNotice();
  const devices = (useDevices().data ?? []).filter((device) => !isSoftDeleted(device));
  const link = (share: Share) => shareLink(window.location.origin, share.token);
  const copy = async (share: Share) => {
    await navigator.clipboard.writeText(link(share)).then(
      () => showNotice(t('shares.copied')),
      () => showNotice(link(share), 'info'),
    );
  };

  const description: EntityDescription<Share> = {
    area: 'devices',
    title: t('shares.title'),
    newTitle: t('shares.new'),
    editTitle: t('shares.edit'),
    api,
    blank: () => ({ id: 0, deviceId: 0, token: '', createdTime: '', expiration: new Date(Date.now() + DAY_MS).toISOString() }),
    primary: (share) => devices.find((device) => device.id === share.deviceId)?.name ?? `#${share.deviceId}`,
    secondary: (share) => {
      const expired = new Date(share.expiration).getTime() < Date.now();
      return t(expired ? 'shares.expired' : 'shares.expires', { time: new Date(share.expiration).toLocaleString() });
    },
    check: (share) => (new Date(share.expiration).getTime() <= Date.now() ? t('shares.pastExpiry') : null),
    fields: [
      {
        path: 'deviceId', label: t('shares.device'), kind: 'select', required: true, visible: (share) => share.id === 0,
        options: devices.map((device) => ({ value: device.id, label: device.name })),
      },
      { path: 'expiration', label: t('shares.expiration'), kind: 'datetime', required: true },
    ],
    rowActions: (share) => (
      <Tooltip title={t('shares.copy')}>
        <IconButton size="small" onClick={() => void copy(share)} aria-label={t('shares.copy')} data-testid="share-copy">
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  };
  return (
    <>
      <EntityListPage description={description} />
      {notice}
    </>
  );
}
