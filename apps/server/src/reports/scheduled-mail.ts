import { formatWallClock } from '@rastro/api';
import { localTime, type ExportFormat, type Locale } from './format.ts';
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

type MailFormat = Pick<ExportFormat, 'locale' | 'timeZone' | 'twelveHour'>;

/** A time of the period as the recipient reads dates: his language's order, his zone, his clock. */
function periodTime(time: number, format: MailFormat): string {
  return formatWallClock(time, format.timeZone, format.locale, format.twelveHour, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

export function scheduledMail(format: MailFormat, report: { type: SheetKind; description: string | null }, from: number, to: number): ScheduledMail {
  const texts = TEXTS[format.locale];
  const kind = TITLES[report.type][format.locale];
  const title = report.description?.trim() || kind;
  return {
    subject: texts.subject(title),
    text: texts.body(title, periodTime(from, format), periodTime(to, format)).join('\n\n'),
    // a file name sorts by date in every language: yyyy-MM-dd of the recipient's zone
    filename: `${report.type}-${localTime(from, format.timeZone).slice(0, 10)}.xlsx`,
  };
}
