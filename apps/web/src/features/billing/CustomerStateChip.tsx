import Chip, { type ChipProps } from '@mui/material/Chip';
import type { CustomerBillingState } from '@rastro/api';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<CustomerBillingState, ChipProps['color']> = { upToDate: 'success', overdue: 'warning', suspended: 'error', trustUnlocked: 'info' };

export function CustomerStateChip({ state }: { state: CustomerBillingState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLOURS[state]} label={t(`billing.states.${state}`)} data-testid="customer-state" data-state={state} />;
}
