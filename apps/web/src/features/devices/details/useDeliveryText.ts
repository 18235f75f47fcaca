import type { Device } from '@rastro/api';
import { useTranslation } from 'react-i18next';
import type { CommandDelivery } from '../../../api/commands.ts';

/**
 * What to tell once the server took a command: sent, sent by SMS, or queued (202) for the device's
 * next connection, which is when it will go.
 */
export function useDeliveryText(device: Pick<Device, 'name'>): (delivery: CommandDelivery, bySms: boolean) => string {
  const { t } = useTranslation();
  return (delivery, bySms) => {
    if (bySms) return t('commands.sentSms');
    return delivery === 'queued' ? t('devices.command.queued', { name: device.name }) : t('devices.command.sent');
  };
}
