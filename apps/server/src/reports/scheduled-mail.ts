import { localTime, type Locale } from './format.ts';
import { TITLES, type SheetKind } from './xlsx.ts';

/** The message a scheduled report travels in, in the recipient's language; the spreadsheet is its attachment. */
export interface ScheduledMail {
  subject: string;
  text: string;
  filename: string;
}

const TEXTS: Record<Locale, { subject: (title: string) => string; body: (title: string, from: string, to: string) => string[] }> = {
  'pt-BR': {
    subject: (title) => `Relatório agendado: ${title}`,
    body: (title, from, to) => [`Segue em anexo o relatório "${title}" de ${from} a ${to}.`, 'Mensagem automática: os relatórios agendados são configurados em Relatórios › Agendados.'],
  },
  'en-US': {
    subject: (title) => `Scheduled report: ${title}`,
    body: (title, from, to) => [`The report "${title}" from ${from} to ${to} is attached.`, 'Automatic message: scheduled reports are set up under Reports › Scheduled.'],
  },
  es: {
    subject: (title) => `Informe programado: ${title}`,
    body: (title, from, to) => [`Se adjunta el informe "${title}" del ${from} al ${to}.`, 'Mensaje automático: los informes programados se configuran en Informes › Programados.'],
  },
};

export function scheduledMail(locale: Locale, report: { type: SheetKind; description: string | null }, from: number, to: number, timeZone: string): ScheduledMail {
  const texts = TEXTS[locale];
  const kind = TITLES[report.type][locale];
  const title = report.description?.trim() || kind;
  const [start, end] = [localTime(from, timeZone).slice(0, 16), localTime(to, timeZone).slice(0, 16)];
  return {
    subject: texts.subject(title),
    text: texts.body(title, start, end).join('\n\n'),
    filename: `${report.type}-${start.slice(0, 10)}.xlsx`,
  };
}
