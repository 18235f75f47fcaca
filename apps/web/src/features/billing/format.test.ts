import { describe, expect, it } from 'vitest';
import { parseAmount } from './AddInvoiceDialog.tsx';
import { formatDay, formatMoney } from './format.ts';

describe('billing formats', () => {
  it('writes BRL amounts and calendar days the locale\'s way', () => {
    expect(formatMoney(1234.5, 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatMoney(1234.5, 'en-US')).toBe('R$1,234.50');
    expect(formatDay('2030-01-10', 'pt-BR')).toBe('10/01/2030');
    expect(formatDay('2030-01-10', 'en-US')).toBe('1/10/2030');
  });

  it('reads amounts typed in Brazilian or English notation', () => {
    expect(parseAmount('79,90')).toBe(79.9);
    expect(parseAmount('1.234,50')).toBe(1234.5);
    expect(parseAmount('79.90')).toBe(79.9);
    expect(parseAmount('abc')).toBeNaN();
    expect(parseAmount('')).toBeNaN();
  });
});
