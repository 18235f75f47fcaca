import { useTranslation } from 'react-i18next';
import { driversApi, type Driver } from '../../api/entities.ts';
import { EntityListPage, type EntityDescription } from '../../ui/entity/EntityListPage.tsx';

/** Attributes of the QR check-in of spec §3; the driver's own screens are features/qr-driver. */
const QR = 'tarkan.qr';

export default function DriversPage() {
  const { t } = useTranslation();
  const qrOn = (driver: Driver) => driver.attributes[`${QR}Enable`] === true;
  const description: EntityDescription<Driver> = {
    area: 'drivers',
    title: t('drivers.title'),
    newTitle: t('drivers.new'),
    editTitle: t('drivers.edit'),
    api: driversApi,
    blank: () => ({ id: 0, name: '', uniqueId: '', attributes: {} }),
    primary: (driver) => driver.name,
    secondary: (driver) => driver.uniqueId,
    fields: [
      { path: 'name', label: t('drivers.name'), kind: 'text', required: true },
      { path: 'uniqueId', label: t('drivers.uniqueId'), kind: 'text', required: true },
      { path: 'attributes.litersx100km', label: t('drivers.litersx100km'), kind: 'number' },
      { path: 'attributes.fuelCost', label: t('drivers.fuelCost'), kind: 'number' },
      { path: `attributes.${QR}Enable`, label: t('drivers.qrEnable'), kind: 'boolean', section: t('drivers.qrSection') },
      { path: `attributes.${QR}Username`, label: t('drivers.qrUsername'), kind: 'text', section: t('drivers.qrSection'), visible: qrOn, required: true, minLength: 4 },
      // the server keeps only a hash: a new account needs a password, an edit may leave it empty to keep it
      {
        path: `attributes.${QR}Password`, label: t('drivers.qrPassword'), kind: 'password', section: t('drivers.qrSection'), minLength: 4, required: true,
        visible: (driver) => qrOn(driver) && driver.id === 0,
      },
      {
        path: `attributes.${QR}Password`, label: t('drivers.qrPassword'), kind: 'password', section: t('drivers.qrSection'), minLength: 4,
        helper: t('drivers.qrPasswordKeep'), visible: (driver) => qrOn(driver) && driver.id !== 0,
      },
      { path: `attributes.${QR}UnlockDevice`, label: t('drivers.qrUnlockDevice'), kind: 'boolean', section: t('drivers.qrSection'), visible: qrOn },
      { path: `attributes.${QR}AutoLogout`, label: t('drivers.qrAutoLogout'), kind: 'boolean', section: t('drivers.qrSection'), visible: qrOn },
      {
        path: `attributes.${QR}AutoLogoutTimeout`, label: t('drivers.qrAutoLogoutTimeout'), kind: 'number', section: t('drivers.qrSection'), required: true,
        visible: (driver) => qrOn(driver) && driver.attributes[`${QR}AutoLogout`] === true,
      },
      { path: `attributes.${QR}LockWithoutDriver`, label: t('drivers.qrLockWithoutDriver'), kind: 'boolean', section: t('drivers.qrSection'), visible: qrOn },
      {
        path: `attributes.${QR}LockDeviceTimeout`, label: t('drivers.qrLockDeviceTimeout'), kind: 'number', section: t('drivers.qrSection'), required: true,
        visible: (driver) => qrOn(driver) && driver.attributes[`${QR}LockWithoutDriver`] === true,
      },
    ],
  };
  return <EntityListPage description={description} />;
}
