import { describe, expect, it } from 'vitest';
import { reportRange } from './schedule.ts';
import { scheduledMail } from './scheduled-mail.ts';

/** Yesterday's report as a daily schedule runs it on 2024-03-11 at 06:00 UTC. */
const ran = { start: Date.UTC(2024, 2, 11, 6), end: Date.UTC(2024, 2, 11, 6) };
const route = { type: 'route', description: null } as const;

describe('a scheduled report\'s mail', () => {
  it('names the period in the recipient\'s language, zone and clock', () => {
    const [from, to] = reportRange('yesterday', ran, 'America/Sao_Paulo', 31);
    expect(scheduledMail({ locale: 'pt-BR', timeZone: 'America/Sao_Paulo', twelveHour: false }, route, from, to)).toEqual({
      subject: 'Relatório agendado: Rota',
      text: 'Segue em anexo o relatório "Rota" de 10/03/2024, 00:00 a 10/03/2024, 23:59.\n\n'
        + 'Mensagem automática: os relatórios agendados são configurados em Relatórios › Agendados.',
      filename: 'route-2024-03-10.xlsx',
    });
    // ICU's narrow no-break space before PM would show as a box in some mail readers
    const twelve = scheduledMail({ locale: 'en-US', timeZone: 'America/Sao_Paulo', twelveHour: true }, route, from, to).text;
    expect(twelve).toContain('from 03/10/2024, 12:00 AM to 03/10/2024, 11:59 PM is attached');
    expect(twelve).not.toContain('\u202f');
  });

  it('takes Traccar\'s fixed offsets as the recipient\'s zone (Intl alone refuses them)', () => {
    const [from, to] = reportRange('yesterday', ran, 'GMT-3', 31);
    expect(scheduledMail({ locale: 'en-US', timeZone: 'GMT-3', twelveHour: true }, route, from, to)).toMatchObject({
      text: expect.stringContaining('The report "Route" from 03/10/2024, 12:00 AM to 03/10/2024, 11:59 PM is attached.'),
      filename: 'route-2024-03-10.xlsx',
    });
    const [kathmanduFrom, kathmanduTo] = reportRange('yesterday', ran, '+05:45', 31);
    expect(new Date(kathmanduFrom).toISOString()).toBe('2024-03-09T18:15:00.000Z');
    expect(scheduledMail({ locale: 'es', timeZone: '+05:45', twelveHour: false }, { type: 'trips', description: 'Frota' }, kathmanduFrom, kathmanduTo)).toMatchObject({
      subject: 'Informe programado: Frota',
      text: expect.stringContaining('Se adjunta el informe "Frota" del 10/03/2024, 00:00 al 10/03/2024, 23:59.'),
      filename: 'trips-2024-03-10.xlsx',
    });
  });
});
