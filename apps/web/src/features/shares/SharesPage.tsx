import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../state/formats.ts';
import type { EntityApi } from '../../api/entities.ts';
import { isSoftDeleted } from '../../api/devices.ts';
import { useDevices } from '../../api/queries.ts';
import { shareLink } from '../../api/shares.ts';
import { sharesApi, type Share } from '../../api/tarkan.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';
import { useNotice } from '../../ui/useNotice.tsx';

const DAY_MS = 86_400_000;

/**
 * The server keeps only a hash of each link's token and gives the token once, in the answer that
 * creates the link; this tab remembers the ones it created (in memory only) so they can be copied.
 */
const createdTokens = new Map<number, string>();

const api: EntityApi<Share> = {
  key: 'shares',
  list: () => sharesApi.list(),
  save: async (share) => {
    if (share.id > 0) return sharesApi.update(share, new Date(share.expiration));
    const created = await sharesApi.create(share.deviceId, new Date(share.expiration));
    if (created.token) createdTokens.set(created.id, created.token);
    return created;
  },
  remove: (id) => sharesApi.remove(id),
};

const tokenOf = (share: Share): string | undefined => createdTokens.get(share.id) ?? (share.token || undefined);

/** Temporary links to one device (plus licence): create, change expiry, copy, revoke. */
export default function SharesPage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const [notice, showNotice] = useNotice();
  const devices = (useDevices().data ?? []).filter((device) => !isSoftDeleted(device));
  const copy = async (token: string) => {
    const link = shareLink(window.location.origin, token);
    await navigator.clipboard.writeText(link).then(
      () => showNotice(t('shares.copied')),
      () => showNotice(link, 'info'),
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
      return t(expired ? 'shares.expired' : 'shares.expires', { time: formats.dateTime(share.expiration) });
    },
    check: (share) => (new Date(share.expiration).getTime() <= Date.now() ? t('shares.pastExpiry') : null),
    fields: [
      {
        path: 'deviceId', label: t('shares.device'), kind: 'select', required: true, visible: (share) => share.id === 0,
        options: devices.map((device) => ({ value: device.id, label: device.name })),
      },
      { path: 'expiration', label: t('shares.expiration'), kind: 'datetime', required: true },
    ],
    rowActions: (share) => {
      const token = tokenOf(share);
      const title = token ? t('shares.copy') : t('shares.copyUnavailable');
      return (
        <Tooltip title={title}>
          {/* a disabled button gets no pointer events: the span keeps the explanation reachable */}
          <span>
            <IconButton size="small" disabled={!token} onClick={() => token && void copy(token)} aria-label={title} data-testid="share-copy">
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      );
    },
  };
  return (
    <>
      <EntityListPage description={description} />
      {notice}
    </>
  );
}
