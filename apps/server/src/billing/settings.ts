import type { AmountMode, BoletoTerms } from '@rastro/api';

/**
 * A customer's billing attributes (spec §3 User billing fields, edited in the users editor),
 * read defensively: the editor may store numbers as text, and absent means off.
 */
export interface BillingSettings extends BoletoTerms {
  enabled: boolean;
  price: number;
  /** Day of the month of the due date, 1..31; null when not set. */
  day: number | null;
  description: string | null;
  suspension: boolean;
  suspensionDays: number;
  trustUnlock: boolean;
  trustUnlockDays: number;
}

const number = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'string' ? Number(value.replace(',', '.')) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? n : fallback;
};
const flag = (value: unknown): boolean => value === true || value === 'true';
const mode = (value: unknown): AmountMode => (value === 'percent' ? 'percent' : 'fixed');
const money = (value: number): number => Math.round(Math.max(0, value) * 100) / 100;

export function billingSettings(attributes: Record<string, unknown>): BillingSettings {
  const day = Math.trunc(number(attributes.billingDate, NaN));
  const description = typeof attributes.billingDescription === 'string' ? attributes.billingDescription.trim() : '';
  return {
    enabled: flag(attributes.billingEnable),
    price: money(number(attributes.billingPrice)),
    day: day >= 1 && day <= 31 ? day : null,
    description: description ? description.slice(0, 256) : null,
    fine: money(number(attributes.billingFine)),
    fineMode: mode(attributes.billingFineMode),
    interest: Math.max(0, number(attributes.billingInterest)),
    discount: money(number(attributes.billingDisccount)),
    discountMode: mode(attributes.billingDisccountMode),
    discountDays: Math.max(0, Math.trunc(number(attributes.billingDisccountDays))),
    suspension: flag(attributes.billingSuspension),
    suspensionDays: Math.max(0, Math.trunc(number(attributes.billingSuspensionDays))),
    trustUnlock: flag(attributes.billingTrustUnlock),
    // a trust unlock lasts at least one day
    trustUnlockDays: Math.max(1, Math.trunc(number(attributes.billingTrustUnlockDays, 1))),
  };
}

/** The boleto terms an invoice carries, copied from the customer when it is created. */
export function invoiceTerms(settings: BillingSettings) {
  return {
    fine: settings.fine,
    fineMode: settings.fineMode,
    interest: settings.interest,
    discount: settings.discount,
    discountMode: settings.discountMode,
    discountDays: settings.discountDays,
  };
}
