import HistoryIcon from '@mui/icons-material/History';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

import { ADVANCED_PERMISSIONS_KEY } from '@rastro/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { EntityApi } from '../../api/entities.ts';
import { usersApi } from '../../api/management.ts';
import { useServerInfo } from '../../api/queries.ts';
import { useAdminOnPlus } from '../../access/can.ts';
import { advancedPermissionsOn, useAccessContext } from '../../access/permissions.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';
import { withMapLayer } from '../../ui/mapLayerOptions.ts';
import { ApiTokenSection } from '../account/index.ts';
import { PermissionGrid } from './PermissionGrid.tsx';
import { checkUser, toWire, userFields, type UserForm } from './userFields.ts';

/** The users a manager sees, or (with `?manager=`) the sub-users of one of them. */
function usersOf(managerId: number | null): EntityApi<UserForm> {
  return {
    key: managerId === null ? usersApi.key : `${usersApi.key}-of-${managerId}`,
    list: async () => (await usersApi.list(managerId ?? undefined)).map(withMapLayer),
    save: (user) => usersApi.save(toWire(user)),
    remove: usersApi.remove,
  };
}

export default function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const access = useAccessContext();
  const serverLimit = useServerInfo().data?.server;
  const logs = useAdminOnPlus();
  const me = access?.user;
  const admin = me?.administrator === true;
  const advanced = access !== null && advancedPermissionsOn(access);
  const managerId = params.get('manager') ? Number(params.get('manager')) : null;

  // the users one manages (the very query of his own list): a manager at his userLimit is stopped before the server refuses
  const own = usersOf(null);
  const managed = useQuery({ queryKey: [own.key], queryFn: () => own.list(), enabled: !admin }).data;
  const atUserLimit = !admin && me !== undefined && me.userLimit > 0 && managed !== undefined && managed.length >= me.userLimit;

  const reseller = me?.attributes.reseller === true;
  const fields = userFields(t, { admin, advancedPermissions: advanced, billing: reseller, resellers: reseller && me?.attributes.subReseller === true, selfId: me?.id });
  if (advanced) {
    fields.push({
      path: `attributes.tarkan.advancedPerms`, label: t('users.permissions'), kind: 'custom', section: t('users.permissions'),
      render: (user, change) => <PermissionGrid attributes={user.attributes} onChange={(attributes) => change({ ...user, attributes })} grantor={admin ? null : me?.attributes[ADVANCED_PERMISSIONS_KEY]} />,
    });
  }

  // spec §3 User `token`: an API token of the user being edited, minted for him by the server (a saved user only)
  fields.push({
    path: 'token', label: t('account.token.title'), kind: 'custom', section: t('account.token.title'),
    visible: (user) => user.id !== 0, render: (user) => <ApiTokenSection key={user.id} userId={user.id} />,
  });

  const description: EntityDescription<UserForm> = {
    area: 'users',
    title: managerId === null ? t('users.title') : t('users.subUsersTitle'),
    newTitle: t('users.new'),
    editTitle: t('users.edit'),
    api: usersOf(managerId),
    blank: () => ({
      id: 0, name: '', login: null, email: '', phone: null, readonly: false, administrator: false, map: null,
      latitude: serverLimit?.latitude ?? 0, longitude: serverLimit?.longitude ?? 0, zoom: serverLimit?.zoom ?? 0, coordinateFormat: null,
      disabled: false, expirationTime: null, deviceLimit: -1, userLimit: 0, deviceReadonly: false, limitCommands: false,
      disableReports: false, fixedEmail: false, poiLayer: null, totpKey: null, temporary: false, attributes: {}, password: '', passwordConfirm: '',
    }),
    hidden: (user) => user.attributes.isShared === true || user.id === me?.id,
    // spec §5: nobody edits a user above themselves
    blocked: (user) => (user.administrator && !admin ? t('users.superior') : null),
    check: (user) => (user.id === 0 && atUserLimit ? 'MANAGER_USER_LIMIT_REACHED' : checkUser(t, user)),
    primary: (user) => user.name,
    secondary: (user) => (
      <Stack direction="row" spacing={0.5} alignItems="center" component="span">
        <Typography variant="body2" component="span" noWrap>
          {user.email}
        </Typography>
        {user.administrator && <Chip size="small" label={t('users.administrator')} component="span" />}
        {user.disabled && <Chip size="small" color="error" label={t('users.disabled')} component="span" />}
        {user.readonly && <Chip size="small" label={t('users.readonly')} component="span" />}
      </Stack>
    ),
    fields,
    rowActions: (user) => (
      <>
        {(user.userLimit !== 0 || user.administrator) && (
          <Tooltip title={t('users.subUsers')}>
            <IconButton size="small" onClick={() => navigate(`/users?manager=${user.id}`)} aria-label={t('users.subUsers')}>
              <SupervisorAccountIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {logs && (
          <Tooltip title={t('users.logs')}>
            <IconButton size="small" onClick={() => navigate(`/logs?user=${user.id}`)} aria-label={t('users.logs')}>
              <HistoryIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </>
    ),
  };
  // a new key per manager: one list page per set of users
  return <EntityListPage key={managerId ?? 'all'} description={description} />;
}

