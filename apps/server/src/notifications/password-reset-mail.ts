import type { Language } from './texts.ts';

/** The lost-password message, in the user's language (pt-BR unless the account says otherwise). */
const TEXTS: Record<Language, { subject: string; body: (link: string, minutes: number) => string[] }> = {
  'pt-BR': {
    subject: 'Redefinição de senha',
    body: (link, minutes) => [
      'Recebemos um pedido para redefinir a senha da sua conta.',
      `Para escolher uma nova senha, abra o link abaixo (válido por ${minutes} minutos, uma única vez):`,
      link,
      'Se não foi você quem pediu, ignore esta mensagem: sua senha continua a mesma.',
    ],
  },
  'en-US': {
    subject: 'Password reset',
    body: (link, minutes) => [
      'We received a request to reset the password of your account.',
      `To choose a new password, open the link below (valid for ${minutes} minutes, once):`,
      link,
      'If you did not ask for this, ignore this message: your password stays the same.',
    ],
  },
  es: {
    subject: 'Restablecimiento de contraseña',
    body: (link, minutes) => [
      'Recibimos una solicitud para restablecer la contraseña de su cuenta.',
      `Para elegir una nueva contraseña, abra el enlace de abajo (válido por ${minutes} minutos, una sola vez):`,
      link,
      'Si no fue usted quien lo pidió, ignore este mensaje: su contraseña sigue siendo la misma.',
    ],
  },
};

/** The web app's page that takes the link (apps/web: /reset-password). */
export function passwordResetLink(publicUrl: string, secret: string): string {
  return `${publicUrl}/reset-password?${new URLSearchParams({ token: secret }).toString()}`;
}

export function passwordResetMail(language: Language, link: string, minutes: number): { subject: string; text: string } {
  const texts = TEXTS[language];
  return { subject: texts.subject, text: texts.body(link, minutes).join('\n\n') };
}
