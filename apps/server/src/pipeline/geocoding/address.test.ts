import { describe, expect, it } from 'vitest';
import { formatAddress } from './address.ts';

describe('Traccar\'s address format', () => {
  const full = {
    house: '1234', street: 'Rua Barão de Jaguara', suburb: 'Centro', settlement: 'Campinas', district: 'Região Imediata de Campinas',
    state: 'SP', country: 'BR', postcode: '13015-001', formattedAddress: 'Rua Barão de Jaguara, 1234 - Centro, Campinas - SP',
  };

  it('fills the default %h %r, %t, %s, %c', () => {
    expect(formatAddress(full, '%h %r, %t, %s, %c')).toBe('1234 Rua Barão de Jaguara, Campinas, SP, BR');
  });

  it('drops a missing field with the commas and spaces before it, and never starts with a comma', () => {
    expect(formatAddress({ ...full, house: undefined }, '%h %r, %t, %s, %c')).toBe('Rua Barão de Jaguara, Campinas, SP, BR');
    expect(formatAddress({ settlement: 'Campinas', state: 'SP' }, '%h %r, %t, %s, %c')).toBe('Campinas, SP');
    expect(formatAddress({ country: 'BR' }, '%h %r, %t, %s, %c')).toBe('BR');
    expect(formatAddress({}, '%h %r, %t, %s, %c')).toBe('');
  });

  it('knows every placeholder, and leaves a value that looks like one alone', () => {
    expect(formatAddress(full, '%r, %h - %u, %t - %s, %p, %d (%c)')).toBe('Rua Barão de Jaguara, 1234 - Centro, Campinas - SP, 13015-001, Região Imediata de Campinas (BR)');
    expect(formatAddress(full, '%f')).toBe(full.formattedAddress);
    expect(formatAddress({ street: 'Rua 100%h', house: '5' }, '%r, %h')).toBe('Rua 100%h, 5');
  });
});
